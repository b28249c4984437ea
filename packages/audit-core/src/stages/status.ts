/**
 * A stage that ran to its end but left work undone: styles without a template, sheets not
 * read. Such a stage ends PROBLEMS ("finished with problems"), never plain SUCCESS.
 */
import { readJson, type JobStore } from '../storage/index.js';
import { logKey, problemsKey, readCsv, readCsvAll, writeCsv, PROBLEM_COLUMNS } from './context.js';
import type { StageName, StageProblem } from './context.js';
import { electionInfo, listKeys, PATHS } from './job.js';
import { findEditedMap } from './target-maps.js';

export interface ShortfallReason {
  reason: string;
  count: number;
}

export interface StageShortfall {
  /** Sheets with an image that this stage left unread (or that no later stage can read). */
  sheetsNotRead: number;
  /** Sheets with an image the stage looked at. */
  sheets: number;
  /** Styles sheets carry that have no template. */
  stylesWithoutTemplate: string[];
  /**
   * Styles whose template's targets do not match the election's contests and that no person
   * has mapped yet: their sheets wait for that map.
   */
  stylesAwaitingMap?: string[];
  /** Why, most frequent first. */
  reasons: ShortfallReason[];
}

export const shortfallKey = (stage: StageName): string => `${stage}/shortfall.json`;

const MAX_REASONS = 5;

/** One line for a log, a result field or a terminal: counts and the main reasons. */
export function describeShortfall(s: StageShortfall): string {
  const parts: string[] = [];
  if (s.stylesWithoutTemplate.length > 0)
    parts.push(
      `${s.stylesWithoutTemplate.length} style${s.stylesWithoutTemplate.length === 1 ? '' : 's'} without a template (${s.stylesWithoutTemplate.slice(0, 10).join(', ')}${s.stylesWithoutTemplate.length > 10 ? ', …' : ''})`,
    );
  const awaiting = s.stylesAwaitingMap ?? [];
  if (awaiting.length > 0)
    parts.push(
      `${awaiting.length} style${awaiting.length === 1 ? '' : 's'} waiting for a person's target map (${awaiting.slice(0, 10).join(', ')}${awaiting.length > 10 ? ', …' : ''})`,
    );
  parts.push(`${s.sheetsNotRead} of ${s.sheets} sheets not read`);
  const why = s.reasons
    .slice(0, MAX_REASONS)
    .map((r) => `${r.count} ${r.reason}`)
    .join('; ');
  const more =
    s.reasons.length > MAX_REASONS ? `; ${s.reasons.length - MAX_REASONS} more reasons` : '';
  return `finished with problems: ${parts.join(', ')}${why ? `: ${why}${more}` : ''}`;
}

function tally(reasons: string[]): ShortfallReason[] {
  const counts = new Map<string, number>();
  for (const r of reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
  return [...counts]
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : 1));
}

/** Sheets with an image and the style genstyles gave them ('' when none). */
async function styledSheets(store: JobStore): Promise<Map<string, string>> {
  const styles = new Map<string, string>();
  for await (const row of readCsv(store, PATHS.styles))
    styles.set(row.sheet_id ?? '', row.style ?? '');
  return styles;
}

/** genstyles: sheets that carry no style while no template can be matched to them. */
async function assessStyles(store: JobStore): Promise<StageShortfall | null> {
  const styles = await styledSheets(store);
  const known = new Set([...styles.values()].filter((s) => s !== ''));
  const unstyled = [...styles.values()].filter((s) => s === '').length;
  // Unstyled sheets are matched by image in extractvote, which needs some style's template.
  if (known.size > 0 || unstyled === 0) return null;
  const info = await electionInfo(store);
  const declared = info?.styles?.length ?? 0;
  const general =
    declared > 1
      ? `without a style: no vote record gives one, and none of the election file's ${declared} styles could be told from the images`
      : 'without a style: no vote record gives one, and the election file declares none';
  // Sheets genstyles decoded say why each was not placed; the others share the general reason.
  const reasons: string[] = [];
  for await (const row of readCsv(store, PATHS.styles))
    if (!row.style) reasons.push(row.reason ? `without a style: ${row.reason}` : general);
  return {
    sheetsNotRead: unstyled,
    sheets: styles.size,
    stylesWithoutTemplate: [],
    reasons: tally(reasons),
  };
}

/** gentemplates: styles that sheets carry and that got no template. */
/**
 * Styles whose template (a side of it) gentemplates grouped by position, its targets not
 * matched to the election's contests, and that no person has mapped yet, on the Templates
 * screen or in the job's corrections file; with what did not match. Their sheets cannot be
 * compared with their records until then: they are not read (see `assessTemplates`), and
 * cmpcvr counts them Unreadable (see `sheetsAsRead`).
 */
export async function stylesAwaitingMap(store: JobStore): Promise<Map<string, string>> {
  const corrected = new Set(
    (await readCsvAll(store, PATHS.mappingCorrections)).map((r) => r.style ?? ''),
  );
  const unmapped = new Map<string, string>();
  for (const p of await readCsvAll(store, problemsKey('gentemplates'))) {
    const place = p.place?.startsWith('style ') ? p.place.slice('style '.length) : undefined;
    if (place === undefined || p.code !== 'target-mapping') continue;
    if (corrected.has(place) || (await findEditedMap(store, place))) continue;
    unmapped.set(place.split('~')[0] ?? place, (p.message ?? '').split(';')[0] ?? '');
  }
  return unmapped;
}

/**
 * extractvote's sheets by id as cmpcvr compares them. A sheet read on a template grouped by
 * position (its style waiting for a person's target map) holds contests named by position, not
 * the election's: it counts as not read, with that reason, rather than as a misread of every
 * contest on it.
 */
export async function sheetsAsRead(store: JobStore): Promise<Map<string, Record<string, string>>> {
  const awaiting = await stylesAwaitingMap(store);
  const sheets = new Map<string, Record<string, string>>();
  for await (const row of readCsv(store, PATHS.votesSheets)) {
    const waiting = row.status === 'read' ? awaiting.get(row.style ?? '') : undefined;
    sheets.set(
      row.sheet_id ?? '',
      waiting === undefined
        ? row
        : {
            ...row,
            status: 'unreadable',
            reason: `style ${row.style} waits for a person's target map (${waiting})`,
          },
    );
  }
  return sheets;
}

async function assessTemplates(store: JobStore): Promise<StageShortfall | null> {
  const styles = await styledSheets(store);
  const built = new Set<string>();
  for (const key of await listKeys(store, PATHS.templates)) {
    if (!key.endsWith('/template.json')) continue;
    const dir = key.slice(PATHS.templates.length, -'/template.json'.length);
    built.add(decodeURIComponent(dir));
  }
  const why = new Map<string, string>();
  for (const p of await readCsvAll(store, problemsKey('gentemplates'))) {
    const place = p.place?.startsWith('style ') ? p.place.slice('style '.length) : undefined;
    if (place !== undefined && p.code === 'no-template') why.set(place, p.message ?? '');
  }
  const unmapped = await stylesAwaitingMap(store);
  const missing = new Map<string, number>();
  let unstyled = 0;
  for (const style of styles.values()) {
    if (style === '') unstyled += 1;
    else if (!built.has(style) || unmapped.has(style))
      missing.set(style, (missing.get(style) ?? 0) + 1);
  }
  const reasons: string[] = [];
  for (const [style, count] of missing)
    for (let i = 0; i < count; i += 1)
      reasons.push(
        unmapped.has(style) && built.has(style)
          ? `of style ${style}: targets not matched to the election's contests (${unmapped.get(style) || 'a different count'}); a person must map them on the Templates screen`
          : `of style ${style}: no template (${why.get(style) || 'no exemplar could be used'})`,
      );
  // Sheets without a style are matched by image, but only if some template exists.
  if (built.size === 0)
    for (let i = 0; i < unstyled; i += 1) reasons.push('without a style and no template to match');
  if (reasons.length === 0) return null;
  return {
    sheetsNotRead: reasons.length,
    sheets: styles.size,
    stylesWithoutTemplate: [...missing.keys()].filter((s) => !built.has(s)).sort(),
    ...(unmapped.size > 0
      ? { stylesAwaitingMap: [...unmapped.keys()].filter((s) => built.has(s)).sort() }
      : {}),
    reasons: tally(reasons),
  };
}

/** extractvote: sheets whose status is not `read`, by reason. */
async function assessVotes(store: JobStore): Promise<StageShortfall | null> {
  const reasons: string[] = [];
  let sheets = 0;
  for await (const row of readCsv(store, PATHS.votesSheets)) {
    sheets += 1;
    // Reasons name their image; without the name, sheets that failed alike count together.
    if (row.status !== 'read')
      reasons.push(
        (row.reason || 'unreadable')
          .split(row.entry || '\u0000')
          .join('the image')
          .trim(),
      );
  }
  if (reasons.length === 0) return null;
  return {
    sheetsNotRead: reasons.length,
    sheets,
    stylesWithoutTemplate: [],
    reasons: tally(reasons),
  };
}

const ASSESS: Partial<Record<StageName, (store: JobStore) => Promise<StageShortfall | null>>> = {
  genstyles: assessStyles,
  gentemplates: assessTemplates,
  extractvote: assessVotes,
};

/**
 * Looks at what a stage wrote once it (and its batches' join) ended, and when work was left
 * undone writes `<stage>/shortfall.json`, ends the log with a WARNING line and adds a problem
 * row, so the log, the problem list and the stage's status all say so.
 */
export async function assessStage(
  stage: StageName,
  store: JobStore,
  now: () => Date = () => new Date(),
): Promise<StageShortfall | null> {
  const assess = ASSESS[stage];
  const shortfall = assess ? await assess(store) : null;
  if (!shortfall) {
    await store.remove(shortfallKey(stage));
    return null;
  }
  await store.write(shortfallKey(stage), JSON.stringify(shortfall, null, 2));
  const message = describeShortfall(shortfall);
  const log = (await store.exists(logKey(stage)))
    ? Buffer.concat(await chunks(await store.read(logKey(stage)))).toString('utf8')
    : '';
  await store.write(
    logKey(stage),
    `${log}${now().toISOString()} WARNING finished-with-problems: ${stage}: ${message}\n`,
  );
  const problems = await readCsvAll(store, problemsKey(stage));
  await writeCsv(store, problemsKey(stage), PROBLEM_COLUMNS, [
    ...problems,
    shortfallProblem(stage, shortfall),
  ]);
  return shortfall;
}

/** The problem row that a stage's shortfall adds to its problem list. */
export const shortfallProblem = (stage: StageName, shortfall: StageShortfall): StageProblem => ({
  stage,
  severity: 'error',
  code: 'finished-with-problems',
  file: stage,
  message: describeShortfall(shortfall),
});

/** The shortfall a stage recorded when it last ended, if any. */
export async function readShortfall(
  store: JobStore,
  stage: StageName,
): Promise<StageShortfall | null> {
  if (!(await store.exists(shortfallKey(stage)))) return null;
  return readJson<StageShortfall>(store, shortfallKey(stage));
}

async function chunks(stream: NodeJS.ReadableStream): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for await (const chunk of stream) out.push(Buffer.from(chunk as Buffer));
  return out;
}
