import { aggregatedSummary, type AggregatedSummary } from '../cvr/aggregated.js';
import type { ContestDefinition, CvrBallot } from '../cvr/model.js';
import { describeLocation } from '../cvr/reader.js';
import { writeCsv, writeJsonLines, type StageContext } from './context.js';
import { sheetKey, walkImageEntries } from './images.js';
import { CvrTally, type ContestTally } from '../cvr/tally.js';
import { planCvrInputs } from './cvr-inputs.js';
import { contentDuplicates, imageIndex } from './image-identity.js';
import { electionInfo, imageArchives, openCvr, PATHS } from './job.js';
import type { ContestVote, CvrVersion } from '../cvr/model.js';

export interface BifRow {
  sheet_id: string;
  archive: string;
  entry: string;
  entry_index: number | '';
  cvr_file: string;
  cvr_place: string;
  cvr_id: string;
  tabulator: string;
  batch: string;
  record: string;
  precinct: string;
  style: string;
  has_image: boolean;
  has_cvr: boolean;
}

export const BIF_COLUMNS = [
  'sheet_id',
  'archive',
  'entry',
  'entry_index',
  'cvr_file',
  'cvr_place',
  'cvr_id',
  'tabulator',
  'batch',
  'record',
  'precinct',
  'style',
  'has_image',
  'has_cvr',
];

export const RESIDUE_COLUMNS = [
  'source',
  'sheet_id',
  'archive',
  'entry',
  'cvr_file',
  'cvr_place',
  'duplicate_of',
];

/** A vote record as later stages read it back from `gen_bif/cvr-ballots.jsonl`. */
export interface StoredCvrBallot {
  sheet_id: string;
  id: string;
  file: string;
  place: string;
  tabulator?: string;
  batch?: string;
  record?: string;
  style?: string;
  /** Dominion's counting group (Election Day, Absentee, …) when the export gives one. */
  countingGroup?: string;
  contests: CvrBallot['contests'];
  versions?: CvrBallot['versions'];
}

/** One export's tallies as gen_bif records them for the report. */
export interface CvrFileTallies {
  file: string;
  format: string;
  contests: ContestTally[];
  /** Rows of a group's counts (no ballot record), when the export has them. */
  aggregated?: AggregatedSummary;
}

/**
 * Builds the Ballot Information File: one row per sheet, the full outer join of the image
 * index (every archive entry) and the CVR index (every record) on the sheet key. A sheet seen
 * twice on either side keeps its first occurrence; the repeats go to the residue list.
 */
export async function genBif(ctx: StageContext): Promise<void> {
  const rows = new Map<string, BifRow>();
  const residue: Record<string, string>[] = [];
  const archives = await imageArchives(ctx.store);
  const index = await imageIndex(ctx);
  const content = await contentDuplicates(ctx.store, archives);
  for (const archive of archives) {
    for await (const item of walkImageEntries(ctx.store, archive)) {
      ctx.checkCancelled();
      if (item.type === 'problem') {
        ctx.problem({ ...item.problem, file: archive, place: item.problem.entry });
        continue;
      }
      const { entry, entryIndex } = item.entry;
      const key = index.keyOf(archive, entry) ?? sheetKey(entry);
      const same = await content.check(item, key);
      if (same) {
        residue.push({ source: 'image', sheet_id: key, archive, entry, duplicate_of: same });
        ctx.problem({
          severity: 'error',
          code: 'duplicate-image',
          file: archive,
          place: entry,
          message: `the image's content is the same as ${same}`,
        });
        continue;
      }
      const first = rows.get(key);
      if (first) {
        residue.push({
          source: 'image',
          sheet_id: key,
          archive,
          entry,
          duplicate_of: `${first.archive} ${first.entry}`,
        });
        ctx.problem({
          severity: 'error',
          code: 'duplicate-image',
          file: archive,
          place: entry,
          message: `sheet ${key} duplicates ${first.archive} ${first.entry}`,
        });
        continue;
      }
      rows.set(key, {
        sheet_id: key,
        archive,
        entry,
        entry_index: entryIndex,
        cvr_file: '',
        cvr_place: '',
        cvr_id: '',
        tabulator: '',
        batch: '',
        record: '',
        precinct: '',
        style: '',
        has_image: true,
        has_cvr: false,
      });
    }
  }
  ctx.info(`${rows.size} sheet images in ${archives.length} archives`);
  const translate = await eifTranslation(ctx);
  const contests = new Map<string, ContestDefinition>();
  const styleContests = new Map<string, Set<string>>();
  const stored: StoredCvrBallot[] = [];
  let records = 0;
  const plan = await planCvrInputs(ctx.store);
  const tallies: CvrFileTallies[] = [];
  const groups = new Map<string, number>();
  for (const { key: input, companions } of plan.cvrs) {
    const opened = await openCvr(ctx.store, input, companions);
    try {
      if (!opened.reader) {
        ctx.problem({
          severity: 'error',
          code: 'unknown-layout',
          file: input,
          message: opened.problem ?? '',
        });
        continue;
      }
      const reader = opened.reader;
      const tally = new CvrTally(() => reader.contests);
      for await (const batch of reader.batches)
        for (const read of batch) {
          tally.add(read);
          if (!read.duplicateOf) {
            const group = read.countingGroup ?? '';
            groups.set(group, (groups.get(group) ?? 0) + 1);
          }
          const ballot = translate(read, reader.contests);
          if ((records++ & 255) === 0) ctx.checkCancelled();
          const key = sheetKey(ballot.id);
          const place = describeLocation(ballot.source);
          const row = rows.get(key);
          if (ballot.duplicateOf || row?.has_cvr) {
            residue.push({
              source: 'cvr',
              sheet_id: key,
              cvr_file: input,
              cvr_place: place,
              duplicate_of: ballot.duplicateOf
                ? describeLocation(ballot.duplicateOf)
                : (row?.cvr_place ?? ''),
            });
            continue;
          }
          const fields = {
            cvr_file: input,
            cvr_place: place,
            cvr_id: ballot.id,
            tabulator: ballot.tabulator ?? '',
            batch: ballot.batch ?? '',
            record: ballot.record ?? '',
            precinct: ballot.precinct ?? ballot.precinctPortion ?? '',
            style: ballot.style ?? '',
            has_cvr: true,
          };
          if (row) Object.assign(row, fields);
          else
            rows.set(key, {
              sheet_id: key,
              archive: '',
              entry: '',
              entry_index: '',
              has_image: false,
              ...fields,
            });
          if (ballot.style) {
            const set = styleContests.get(ballot.style) ?? new Set<string>();
            for (const c of ballot.contests) set.add(c.contestId);
            styleContests.set(ballot.style, set);
          }
          stored.push({
            sheet_id: key,
            id: ballot.id,
            file: input,
            place,
            tabulator: ballot.tabulator,
            batch: ballot.batch,
            record: ballot.record,
            style: ballot.style,
            ...(ballot.countingGroup ? { countingGroup: ballot.countingGroup } : {}),
            contests: ballot.contests,
            versions: ballot.versions,
          });
        }
      const aggregates = reader.aggregates ?? [];
      for (const aggregate of aggregates) tally.addAggregate(aggregate);
      if (aggregates.length > 0)
        ctx.info(
          `${input}: ${aggregates.length} rows of aggregated counts (${tally.aggregatedVotes} votes) added to the tallies, no ballot records made`,
        );
      tallies.push({
        file: input,
        format: reader.format,
        contests: tally.result(),
        ...(aggregates.length > 0 ? { aggregated: aggregatedSummary(aggregates) } : {}),
      });
      for (const c of reader.contests) {
        const t = translate.contest(c);
        if (!contests.has(t.id)) contests.set(t.id, t);
      }
      for (const p of reader.problems)
        ctx.problem({
          severity: p.severity,
          code: p.code,
          file: input,
          place: p.row !== undefined ? `row ${p.row}` : undefined,
          message: p.message,
        });
    } finally {
      await opened.done();
    }
  }
  ctx.info(`${stored.length} vote records, ${residue.length} duplicates on the residue list`);
  const ordered = [...rows.values()].sort(
    (a, b) =>
      Number(b.has_image) - Number(a.has_image) ||
      (a.archive < b.archive ? -1 : a.archive > b.archive ? 1 : 0) ||
      Number(a.entry_index) - Number(b.entry_index),
  );
  await writeCsv(ctx.store, PATHS.bif, BIF_COLUMNS, ordered);
  await writeCsv(ctx.store, PATHS.residue, RESIDUE_COLUMNS, residue);
  await writeJsonLines(ctx.store, PATHS.cvrBallots, stored);
  const styles = Object.fromEntries(
    [...styleContests].map(([id, set]) => [id, [...contests.keys()].filter((c) => set.has(c))]),
  );
  await ctx.store.write(
    PATHS.cvrContests,
    JSON.stringify({ contests: [...contests.values()], styles }, null, 2),
  );
  await ctx.store.write(
    PATHS.cvrTallies,
    JSON.stringify(
      { countingGroups: Object.fromEntries([...groups].filter(([g]) => g !== '')), files: tallies },
      null,
      2,
    ),
  );
  const both = ordered.filter((r) => r.has_image && r.has_cvr).length;
  ctx.info(
    `BIF: ${ordered.length} sheets, ${both} with image and record, ${ordered.filter((r) => !r.has_cvr).length} without record, ${ordered.filter((r) => !r.has_image).length} without image`,
  );
  ctx.progress(1, 1);
}

const norm = (text: string): string => text.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Vote records name contests and options their own way (Dominion CSV by name, JSON by number);
 * with an EIF, each is translated to the EIF's ids by id or by name, so that records, templates
 * and reports speak of the same contest. Without an EIF the records' ids are kept.
 */
async function eifTranslation(ctx: StageContext) {
  const eif = await electionInfo(ctx.store);
  const contestIds = new Map<string, string>();
  const optionIds = new Map<string, Map<string, string>>();
  for (const c of eif?.contests ?? []) {
    contestIds.set(norm(c.id), c.id);
    contestIds.set(norm(c.name), c.id);
    const options = new Map<string, string>();
    for (const o of c.options) {
      options.set(norm(o.id), o.id);
      options.set(norm(o.name), o.id);
    }
    optionIds.set(c.id, options);
  }
  const names = new Map<string, ContestDefinition>();
  const contestOf = (id: string): string => {
    const d = names.get(id);
    return contestIds.get(norm(id)) ?? (d ? contestIds.get(norm(d.name)) : undefined) ?? id;
  };
  const optionOf = (cvrContest: string, contest: string, option: string): string => {
    const d = names.get(cvrContest)?.options.find((o) => o.id === option);
    const map = optionIds.get(contest);
    return map?.get(norm(option)) ?? (d ? map?.get(norm(d.name)) : undefined) ?? option;
  };
  const votes = (list: ContestVote[]): ContestVote[] =>
    list.map((v) => {
      const contest = contestOf(v.contestId);
      return {
        ...v,
        contestId: contest,
        marks: v.marks.map((m) => ({ ...m, optionId: optionOf(v.contestId, contest, m.optionId) })),
      };
    });
  const version = (v: CvrVersion | undefined): CvrVersion | undefined =>
    v ? { ...v, contests: votes(v.contests) } : undefined;
  const translate = (ballot: CvrBallot, definitions: ContestDefinition[]): CvrBallot => {
    if (!eif) return ballot;
    for (const d of definitions) if (!names.has(d.id)) names.set(d.id, d);
    return {
      ...ballot,
      contests: votes(ballot.contests),
      versions: ballot.versions
        ? {
            ...ballot.versions,
            original: version(ballot.versions.original) as CvrVersion,
            adjudicated: version(ballot.versions.adjudicated),
          }
        : undefined,
    };
  };
  translate.contest = (d: ContestDefinition): ContestDefinition => {
    if (!eif) return d;
    const id = contestOf(d.id);
    return { ...d, id, options: d.options.map((o) => ({ ...o, id: optionOf(d.id, id, o.id) })) };
  };
  return translate;
}
