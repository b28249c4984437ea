import { parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { Readable } from 'node:stream';
import type { JobStore } from '../storage/index.js';

export type StageName =
  | 'precheck'
  | 'gen_bif'
  | 'genstyles'
  | 'gentemplates'
  | 'extractvote'
  | 'cmpcvr'
  | 'adjudicate'
  | 'genreport'
  | 'export'
  | 'archive';

/** A problem line: something a person must know about an input, named by file and place. */
export interface StageProblem {
  stage: StageName;
  severity: 'fatal' | 'error' | 'warning';
  code: string;
  file: string;
  place?: string;
  message: string;
}

export interface StageProgress {
  stage: StageName;
  done: number;
  total: number;
  percent: number;
}

/** One slice of a stage's work; a stage that does not split has one batch. */
export interface BatchRef {
  index: number;
  count: number;
}

export interface StageOptions {
  signal?: AbortSignal;
  onProgress?: (progress: StageProgress) => void;
  /** Each log line as it is written, for a runner that streams the log. */
  onLog?: (line: string) => void;
  /** Ballots per batch for stages that split (extractvote). */
  batchSize?: number;
  /** Clock for log lines; tests fix it. */
  now?: () => Date;
}

export const logKey = (stage: StageName): string => `logs/operation-logs/${stage}/log.txt`;
const batchLogKey = (stage: StageName, batch: BatchRef): string =>
  `logs/operation-logs/${stage}/batches/${String(batch.index + 1).padStart(5, '0')}.txt`;
export const problemsKey = (stage: StageName, batch?: BatchRef): string =>
  batch && batch.count > 1
    ? `${stage}/batches/problems-${String(batch.index + 1).padStart(5, '0')}.csv`
    : `${stage}/problems.csv`;

export const PROBLEM_COLUMNS = ['stage', 'severity', 'code', 'file', 'place', 'message'];

/**
 * What a stage run is given: the job's store, cancellation, progress and a log. The log is
 * kept in memory and written when the batch ends (blob stores cannot append), one file per
 * batch, joined into `log.txt` when the stage joins.
 */
export class StageContext {
  readonly problems: StageProblem[] = [];
  private readonly lines: string[] = [];
  private lastPercent = -1;

  constructor(
    readonly stage: StageName,
    readonly store: JobStore,
    readonly options: StageOptions = {},
    readonly batch: BatchRef = { index: 0, count: 1 },
  ) {}

  get signal(): AbortSignal | undefined {
    return this.options.signal;
  }

  checkCancelled(): void {
    this.options.signal?.throwIfAborted();
  }

  info(message: string): void {
    this.line('INFO', message);
  }

  problem(problem: Omit<StageProblem, 'stage'>): void {
    this.problems.push({ stage: this.stage, ...problem });
    const where = problem.place ? `${problem.file} ${problem.place}` : problem.file;
    this.line(problem.severity.toUpperCase(), `${problem.code}: ${where}: ${problem.message}`);
  }

  progress(done: number, total: number): void {
    const percent = total > 0 ? Math.floor((done / total) * 100) : 100;
    if (percent === this.lastPercent && done !== total) return;
    this.lastPercent = percent;
    this.options.onProgress?.({ stage: this.stage, done, total, percent });
  }

  private line(level: string, message: string): void {
    const stamp = (this.options.now?.() ?? new Date()).toISOString();
    const text = `${stamp} ${level} ${message}`;
    this.lines.push(text);
    this.options.onLog?.(text);
  }

  /** Writes this batch's log and problem list. */
  async flush(): Promise<void> {
    const text = this.lines.length > 0 ? `${this.lines.join('\n')}\n` : '';
    const key = this.batch.count > 1 ? batchLogKey(this.stage, this.batch) : logKey(this.stage);
    await this.store.write(key, text);
    await writeCsv(this.store, problemsKey(this.stage, this.batch), PROBLEM_COLUMNS, this.problems);
  }
}

/** Joins the batches' logs and problems into the stage's own, in batch order. */
export async function joinBatchLogs(
  store: JobStore,
  stage: StageName,
  count: number,
): Promise<StageProblem[]> {
  const batches = Array.from({ length: count }, (_, index) => ({ index, count }));
  const texts: string[] = [];
  for await (const text of partTexts(
    store,
    batches.map((batch) => batchLogKey(stage, batch)),
  ))
    texts.push(text);
  const problems: StageProblem[] = [];
  for await (const text of partTexts(
    store,
    batches.map((batch) => problemsKey(stage, batch)),
  ))
    for (const row of parseSync<Record<string, string>>(text, { columns: true, bom: true }))
      problems.push(row as unknown as StageProblem);
  await store.write(logKey(stage), texts.join(''));
  await writeCsv(store, problemsKey(stage), PROBLEM_COLUMNS, problems);
  return problems;
}

async function readText(store: JobStore, key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.read(key)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** Parts read side by side: a join's reads wait on the store far more than on the CPU. */
const PARTS_AT_ONCE = 8;

/**
 * The texts of those of `parts` that exist, in their order ('' for a missing one). One listing
 * per folder says which exist, and a few are read at once ahead of the one being used, so a
 * join of many batches' parts costs a few round trips to the store, not two per part.
 */
export async function* partTexts(store: JobStore, parts: string[]): AsyncGenerator<string> {
  const stored = new Set<string>();
  for (const folder of new Set(parts.map((key) => key.slice(0, key.lastIndexOf('/') + 1))))
    for await (const object of store.list(folder)) stored.add(object.key);
  const reads: Promise<string>[] = [];
  const start = (at: number) => {
    const key = parts[at];
    if (key !== undefined) reads[at] = stored.has(key) ? readText(store, key) : Promise.resolve('');
  };
  for (let at = 0; at < Math.min(PARTS_AT_ONCE, parts.length); at += 1) start(at);
  try {
    for (let at = 0; at < parts.length; at += 1) {
      const text = await (reads[at] as Promise<string>);
      start(at + PARTS_AT_ONCE);
      yield text;
    }
  } finally {
    // A join cut short leaves no read rejecting unheard.
    for (const read of reads) void read?.catch(() => undefined);
  }
}

type Row = object;

/** Writes rows as CSV with a header, streaming. */
export async function writeCsv(
  store: JobStore,
  key: string,
  columns: string[],
  rows: Iterable<Row> | AsyncIterable<Row>,
): Promise<void> {
  const csv = stringify({ header: true, columns });
  const feeding = (async () => {
    try {
      for await (const row of rows) {
        const record = row as Record<string, unknown>;
        if (!csv.write(columns.map((c) => cell(record[c])))) await drained(csv);
      }
      csv.end();
    } catch (error) {
      csv.destroy(error as Error);
    }
  })();
  await store.write(key, csv);
  await feeding;
}

/**
 * Joins CSVs that `writeCsv` wrote with these columns (the parts a stage's batches wrote) into
 * one, in order. Each part's rows are copied as written rather than parsed and written again,
 * and parts are read a few at a time (partTexts), so a join costs about what reading its parts
 * does; it runs once at a stage's end, while every other worker waits. A missing part adds
 * nothing; a part with other columns is read row by row.
 */
export async function joinCsvParts(
  store: JobStore,
  key: string,
  columns: string[],
  parts: string[],
): Promise<void> {
  const header = stringifySync([columns]);
  async function* chunks(): AsyncGenerator<string> {
    yield header;
    for await (const text of partTexts(store, parts)) {
      if (text === '') continue;
      const cut = text.indexOf('\n') + 1;
      if (cut > 0 && text.slice(0, cut) === header) yield text.slice(cut);
      else {
        const rows = parseSync<Record<string, string>>(text, { columns: true, bom: true });
        yield stringifySync(rows.map((row) => columns.map((c) => cell(row[c]))));
      }
    }
  }
  await store.write(key, Readable.from(chunks()));
}

const drained = (stream: NodeJS.WritableStream): Promise<void> =>
  new Promise((resolve) => stream.once('drain', resolve));

function cell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(4);
  if (Array.isArray(value)) return value.join(';');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Reads a CSV with a header as records of strings, streaming; a missing object reads as empty. */
export async function* readCsv(
  store: JobStore,
  key: string,
): AsyncGenerator<Record<string, string>> {
  if (!(await store.exists(key))) return;
  const parser = (await store.read(key)).pipe(parse({ columns: true, bom: true }));
  for await (const record of parser) yield record as Record<string, string>;
}

export async function readCsvAll(store: JobStore, key: string): Promise<Record<string, string>[]> {
  const rows: Record<string, string>[] = [];
  for await (const row of readCsv(store, key)) rows.push(row);
  return rows;
}

/** Lines of JSON, one value a line, streaming. */
export async function writeJsonLines(
  store: JobStore,
  key: string,
  values: Iterable<unknown> | AsyncIterable<unknown>,
): Promise<void> {
  async function* lines(): AsyncGenerator<string> {
    for await (const value of values) yield `${JSON.stringify(value)}\n`;
  }
  await store.write(key, Readable.from(lines()));
}

export async function* readJsonLines<T>(store: JobStore, key: string): AsyncGenerator<T> {
  if (!(await store.exists(key))) return;
  let rest = '';
  const stream = await store.read(key);
  stream.setEncoding('utf8');
  for await (const chunk of stream) {
    rest += String(chunk);
    const lines = rest.split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) yield JSON.parse(line) as T;
  }
  if (rest.trim()) yield JSON.parse(rest) as T;
}

export const list = (value: string | undefined): string[] =>
  value ? value.split(';').filter((v) => v !== '') : [];

/** A stage that cannot go on; its message is the log's last line. */
export class StageFailure extends Error {
  override name = 'StageFailure';
}
