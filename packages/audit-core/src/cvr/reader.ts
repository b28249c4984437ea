import type {
  ContestDefinition,
  CvrAggregate,
  CvrBallot,
  CvrElectionInfo,
  CvrFormat,
  CvrLocation,
  CvrProblem,
  CvrProblemCode,
} from './model.js';
import { IdGroup, IdSlabs, recordNumber, SeenLocations } from './seen-ids.js';

/**
 * An opened export. Its ballots stream once, through `ballots` (one at a time) or `batches`
 * (a read chunk's worth at a time, or a Dominion CSV's records of 64 KiB of the file; what
 * stages use): read a reader through one of the two.
 * `problems` fills while they stream, and for formats that name options only in ballot cells
 * (ES&S, Clear Ballot, Hart) so does `contests`.
 */
export interface CvrReader {
  format: CvrFormat;
  election: CvrElectionInfo;
  contests: ContestDefinition[];
  problems: CvrProblem[];
  ballots: AsyncIterable<CvrBallot>;
  /**
   * The same ballots as `ballots`, in batches: a county's million ballots then pay one async
   * step a batch, not one each. A batch is the consumer's to keep; it is never empty.
   */
  batches: AsyncIterable<CvrBallot[]>;
  /** Rows of counts for groups of ballots (Dominion CSV), filled while `ballots` streams. */
  aggregates?: CvrAggregate[];
}

/** Ballots a batch holds at most when a reader's ballots come one at a time. */
const GROUP = 512;

/** `ballots` and `batches` over one stream of batches: whichever is iterated first reads it. */
export function fromBatches(
  batches: AsyncIterable<CvrBallot[]>,
): Pick<CvrReader, 'ballots' | 'batches'> {
  return { ballots: new FlatBallots(batches), batches };
}

/** `ballots` and `batches` over one stream of ballots, grouped as they come. */
export function fromBallots(
  ballots: AsyncIterable<CvrBallot>,
): Pick<CvrReader, 'ballots' | 'batches'> {
  async function* grouped(): AsyncGenerator<CvrBallot[]> {
    let batch: CvrBallot[] = [];
    for await (const ballot of ballots) {
      batch.push(ballot);
      if (batch.length < GROUP) continue;
      yield batch;
      batch = [];
    }
    if (batch.length > 0) yield batch;
  }
  return { ballots, batches: grouped() };
}

/**
 * Batches handed out one ballot at a time: a ballot of a batch in hand is answered at once,
 * without the await an async generator spends on each `yield`.
 */
class FlatBallots implements AsyncIterableIterator<CvrBallot> {
  private iterator: AsyncIterator<CvrBallot[]> | undefined;
  private batch: CvrBallot[] = [];
  private at = 0;

  constructor(private readonly batches: AsyncIterable<CvrBallot[]>) {}

  next(): Promise<IteratorResult<CvrBallot>> {
    const { batch, at } = this;
    if (at < batch.length) {
      this.at = at + 1;
      return Promise.resolve({ value: batch[at] as CvrBallot, done: false });
    }
    return this.pull();
  }

  private async pull(): Promise<IteratorResult<CvrBallot>> {
    this.iterator ??= this.batches[Symbol.asyncIterator]();
    for (;;) {
      const next = await this.iterator.next();
      if (next.done) {
        this.batch = [];
        this.at = 0;
        return { value: undefined, done: true };
      }
      if (next.value.length === 0) continue;
      this.batch = next.value;
      this.at = 1;
      return { value: next.value[0] as CvrBallot, done: false };
    }
  }

  async return(): Promise<IteratorResult<CvrBallot>> {
    this.batch = [];
    this.at = 0;
    await this.iterator?.return?.();
    return { value: undefined, done: true };
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<CvrBallot> {
    return this;
  }
}

/** Collects problems for one export. */
export class ProblemLog {
  readonly problems: CvrProblem[] = [];

  error(code: CvrProblemCode, file: string, row: number | undefined, message: string): void {
    this.problems.push({ code, severity: 'error', file, row, message });
  }

  warn(code: CvrProblemCode, file: string, row: number | undefined, message: string): void {
    this.problems.push({ code, severity: 'warning', file, row, message });
  }
}

/** Describes a location the way a person looks for it: `file row 12` or `file session 3`. */
export function describeLocation(location: CvrLocation): string {
  if (location.row !== undefined) return `${location.file} row ${location.row}`;
  if (location.index !== undefined) return `${location.file} item ${location.index + 1}`;
  return location.file;
}

/**
 * Flags ballots whose id was already seen. The repeat is still yielded, marked `duplicateOf`,
 * so that nothing is dropped and later stages can put it on their residue list.
 */
export class DuplicateGuard {
  // Ids arrive batch by batch (`tabulator-batch-record`), so they are kept by the part up to
  // the last dash, then the rest: each lookup lands in one batch's small group, and a record
  // number there costs four bytes, its location four more. This is the one thing that grows
  // with the export, so it is kept in typed arrays, not in a map of strings.
  private readonly groups = new Map<string, IdGroup>();
  private lastPrefix = '';
  private lastGroup: IdGroup | undefined;
  private lastTabulator = '';
  private lastBatch = '';
  private lastRecordGroup: IdGroup | undefined;
  private readonly seen = new SeenLocations();
  private readonly slabs = new IdSlabs();

  constructor(private readonly log: ProblemLog) {}

  check(ballot: CvrBallot): CvrBallot {
    const { id } = ballot;
    const cut = id.lastIndexOf('-') + 1;
    const group = this.groupOf(id, cut);
    const key = cut === 0 ? id : id.slice(cut);
    const n = recordNumber(key);
    const known = n >= 0 ? group.getNumber(n) : group.getText(key);
    if (known >= 0) return this.repeat(ballot, known);
    const stored = this.seen.add(ballot.source);
    if (n >= 0) group.setNumber(n, stored);
    else group.setText(key, stored);
    return ballot;
  }

  /**
   * `check` for a ballot whose id is `${tabulator}-${batch}-${record}` with `record` written
   * plainly (`recordNumber(String(record)) === record`): the same answer without cutting the id.
   */
  checkRecord(ballot: CvrBallot, tabulator: string, batch: string, record: number): CvrBallot {
    let group = this.lastRecordGroup;
    if (!group || tabulator !== this.lastTabulator || batch !== this.lastBatch) {
      group = this.group(`${tabulator}-${batch}-`);
      this.lastTabulator = tabulator;
      this.lastBatch = batch;
      this.lastRecordGroup = group;
    }
    const known = group.getNumber(record);
    if (known >= 0) return this.repeat(ballot, known);
    group.setNumber(record, this.seen.add(ballot.source));
    return ballot;
  }

  private repeat(ballot: CvrBallot, known: number): CvrBallot {
    const first = this.seen.get(known);
    const where = describeLocation(ballot.source);
    this.log.error(
      'duplicate-ballot',
      ballot.source.file,
      ballot.source.row,
      `${where}: ballot ${ballot.id} duplicates ${describeLocation(first)}`,
    );
    return { ...ballot, duplicateOf: first };
  }

  /** The group for ids sharing `id`'s first `cut` characters; usually the last one used. */
  private groupOf(id: string, cut: number): IdGroup {
    if (this.lastGroup && cut === this.lastPrefix.length && id.startsWith(this.lastPrefix)) {
      return this.lastGroup;
    }
    const prefix = id.slice(0, cut);
    const group = this.group(prefix);
    this.lastPrefix = prefix;
    this.lastGroup = group;
    return group;
  }

  private group(prefix: string): IdGroup {
    let group = this.groups.get(prefix);
    if (!group) {
      group = new IdGroup(this.slabs);
      this.groups.set(prefix, group);
    }
    return group;
  }
}

/**
 * Several exports read as one (a zip holding a CVR per tabulator): ballots file after file;
 * contests and problems gathered as each file is read.
 */
export function concatReaders(readers: CvrReader[]): CvrReader {
  const contests: ContestDefinition[] = [];
  const problems: CvrProblem[] = [];
  const aggregates: CvrAggregate[] = [];
  const known = new Set<string>();
  const gather = (reader: CvrReader): void => {
    for (const contest of reader.contests) {
      if (known.has(contest.id)) continue;
      known.add(contest.id);
      contests.push(contest);
    }
  };
  readers.forEach(gather);
  async function* batches(): AsyncGenerator<CvrBallot[]> {
    for (const reader of readers) {
      yield* reader.batches;
      gather(reader);
      problems.push(...reader.problems);
      aggregates.push(...(reader.aggregates ?? []));
    }
  }
  const first = readers[0];
  return {
    format: first?.format ?? 'dominion-csv',
    election: first?.election ?? {},
    contests,
    problems,
    ...fromBatches(batches()),
    aggregates,
  };
}
