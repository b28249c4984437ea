import type { StoredCvrBallot } from './bif.js';
import { list, readCsv, readJsonLines, writeCsv, type StageContext } from './context.js';
import { PATHS } from './job.js';
import { batchOf } from './images.js';
import { findRescans, paperReading } from './rescans.js';
import { sheetsAsRead } from './status.js';
import {
  classify,
  contestInfos,
  cvrChoice,
  type ImageContest,
  type SheetClass,
} from './classify.js';

export const SHEET_CLASS_COLUMNS = [
  'sheet_id',
  'class',
  'archive',
  'entry',
  'cvr_file',
  'cvr_place',
  'cvr_id',
  'style',
  'detail',
];
export const CONTEST_CLASS_COLUMNS = [
  'sheet_id',
  'contest_id',
  'class',
  'image_votes',
  'image_gray',
  'cvr_votes',
  'class_original',
  'class_adjudicated',
];
export const DISAGREEMENT_COLUMNS = [
  'kind',
  'sheet_id',
  'contest_id',
  'image_votes',
  'image_gray',
  'cvr_votes',
  'archive',
  'entry',
  'cvr_file',
  'cvr_place',
  'detail',
  /** A swapped batch's row names the batch imaged (it has no one sheet). */
  'batch',
];
export const TOTAL_COLUMNS = [
  'contest_id',
  'option_id',
  'option',
  'cvr_votes',
  'audit_votes',
  'audit_gray',
];
export const SUMMARY_COLUMNS = [
  'contest_id',
  'contest',
  'vote_for',
  'sheets',
  'fully_agreed',
  'disagreed',
  'gray',
  'agreed_overvote',
  'agreed_undervote',
  'agreed_write_in',
  'unmatched_sheets',
  'margin',
  'disagreed_share_of_margin',
  'disagreed_original',
  'disagreed_adjudicated',
];

/**
 * Compares what the images say with the vote records, sheet by sheet and contest by contest.
 * A batch whose sheets nearly all disagree is tried against the other batches' records: when
 * another batch's records fit it, the pair is reported once as swapped and its sheets are
 * compared with the records they really belong to.
 */
export async function compareCvr(ctx: StageContext): Promise<void> {
  const infos = await contestInfos(ctx);
  const records = new Map<string, StoredCvrBallot>();
  for await (const ballot of readJsonLines<StoredCvrBallot>(ctx.store, PATHS.cvrBallots))
    records.set(ballot.sheet_id, ballot);
  const images = new Map<string, Map<string, ImageContest>>();
  for await (const row of readCsv(ctx.store, PATHS.votesContests)) {
    const sheet = row.sheet_id ?? '';
    const contests = images.get(sheet) ?? new Map<string, ImageContest>();
    contests.set(row.contest_id ?? '', {
      votes: list(row.votes),
      gray: list(row.gray),
      overvote: row.overvote === 'true',
    });
    images.set(sheet, contests);
  }
  // A style's sheets that wait for a person's target map count as not read (see `sheetsAsRead`).
  const readStatus = await sheetsAsRead(ctx.store);
  // The same paper scanned twice under two names (and often two records): the later is a duplicate.
  const rescans = findRescans(readStatus.values(), (sheet) =>
    paperReading(images.get(sheet) ?? new Map<string, ImageContest>()),
  );
  if (rescans.size > 0)
    ctx.info(`${rescans.size} sheets are the same paper as an earlier sheet, scanned again`);
  const bif: Record<string, string>[] = [];
  for await (const row of readCsv(ctx.store, PATHS.bif)) bif.push(row);

  const compareSheet = (
    sheet: string,
    record: StoredCvrBallot | undefined,
    version?: 'original' | 'adjudicated',
  ) => {
    const contests = images.get(sheet) ?? new Map<string, ImageContest>();
    const source =
      version && record?.versions
        ? version === 'original'
          ? record.versions.original
          : record.versions.adjudicated
        : record;
    const byId = new Map((source?.contests ?? []).map((c) => [c.contestId, c]));
    return [...contests].map(([contestId, image]) => ({
      contestId,
      image,
      record: byId.get(contestId),
      cls: classify(image, byId.get(contestId), infos.get(contestId)),
    }));
  };
  const isRead = (sheet: string): boolean => readStatus.get(sheet)?.status === 'read';

  // Batches whose sheets mostly disagree, and the batch whose records fit them instead.
  const groups = new Map<string, string[]>();
  for (const row of bif) {
    const sheet = row.sheet_id ?? '';
    if (row.has_image !== 'true' || row.has_cvr !== 'true' || !isRead(sheet)) continue;
    const { batch } = batchOf(sheet);
    groups.set(batch, [...(groups.get(batch) ?? []), sheet]);
  }
  const recordsOfBatch = new Map<string, Map<string, StoredCvrBallot>>();
  for (const [sheet, record] of records) {
    const { batch, record: r } = batchOf(sheet);
    const m = recordsOfBatch.get(batch) ?? new Map<string, StoredCvrBallot>();
    m.set(r, record);
    recordsOfBatch.set(batch, m);
  }
  const agreedShare = (
    sheets: string[],
    recordFor: (sheet: string) => StoredCvrBallot | undefined,
  ): number => {
    let agreed = 0;
    for (const sheet of sheets) {
      const classes = compareSheet(sheet, recordFor(sheet));
      if (classes.every((c) => c.cls !== 'Normal Disagreed')) agreed += 1;
    }
    return sheets.length > 0 ? agreed / sheets.length : 1;
  };
  const swappedTo = new Map<string, string>();
  for (const [batch, sheets] of groups) {
    ctx.checkCancelled();
    if (sheets.length < 3 || agreedShare(sheets, (s) => records.get(s)) > 0.5) continue;
    for (const other of recordsOfBatch.keys()) {
      if (other === batch) continue;
      const theirs = recordsOfBatch.get(other);
      if (agreedShare(sheets, (s) => theirs?.get(batchOf(s).record)) >= 0.8) {
        swappedTo.set(batch, other);
        break;
      }
    }
  }
  const recordOf = (sheet: string): StoredCvrBallot | undefined => {
    const { batch, record } = batchOf(sheet);
    const other = swappedTo.get(batch);
    return other ? recordsOfBatch.get(other)?.get(record) : records.get(sheet);
  };

  const sheetRows: Record<string, unknown>[] = [];
  const contestRows: Record<string, unknown>[] = [];
  const disagreements: Record<string, unknown>[] = [];
  const tally = new Map<string, Record<string, number>>();
  const count = (contest: string, field: string, n = 1): void => {
    const t = tally.get(contest) ?? {};
    t[field] = (t[field] ?? 0) + n;
    tally.set(contest, t);
  };
  const totals = new Map<string, { cvr: number; audit: number; gray: number }>();
  const add = (contest: string, option: string, field: 'cvr' | 'audit' | 'gray'): void => {
    const key = `${contest}\u0000${option}`;
    const t = totals.get(key) ?? { cvr: 0, audit: 0, gray: 0 };
    t[field] += 1;
    totals.set(key, t);
  };
  for (const record of records.values())
    for (const c of record.contests) {
      const choice = cvrChoice(c);
      if (!choice.overvote) for (const o of choice.votes) add(c.contestId, o, 'cvr');
    }

  for (const [batch, other] of swappedTo)
    if (!(swappedTo.get(other) === batch && other < batch))
      disagreements.push({
        kind: 'Swapped Batch',
        batch,
        detail: `the records of batch ${other} carry the ballots imaged in batch ${batch}`,
      });

  const imaged = new Set(bif.filter((r) => r.has_image === 'true').map((r) => r.sheet_id ?? ''));
  let done = 0;
  for (const row of bif) {
    ctx.checkCancelled();
    const sheet = row.sheet_id ?? '';
    const base = {
      sheet_id: sheet,
      archive: row.archive,
      entry: row.entry,
      cvr_file: row.cvr_file,
      cvr_place: row.cvr_place,
      cvr_id: row.cvr_id,
      style: row.style,
    };
    const status = readStatus.get(sheet);
    const touch = (contests: Iterable<string>) => {
      for (const c of contests) count(c, 'unmatched_sheets');
    };
    if (row.has_image !== 'true') {
      // In a swapped pair, a record carries the ballot of the same number in the other batch.
      const carried = swappedTo.get(batchOf(sheet).batch);
      if (carried && imaged.has(`${carried}-${batchOf(sheet).record}`)) continue;
      sheetRows.push({ ...base, class: 'No Image' });
      disagreements.push({
        kind: 'No Image',
        ...base,
        detail: 'a vote record with no ballot image',
      });
      touch((records.get(sheet)?.contests ?? []).map((c) => c.contestId));
      continue;
    }
    if (status?.status !== 'read') {
      sheetRows.push({ ...base, class: 'Unreadable', detail: status?.reason ?? 'not read' });
      disagreements.push({ kind: 'Unreadable', ...base, detail: status?.reason ?? 'not read' });
      touch((records.get(sheet)?.contests ?? []).map((c) => c.contestId));
      continue;
    }
    const first = rescans.get(sheet);
    if (first) {
      const detail = `image shows the same paper as ${first.sheet_id} (${first.archive} ${first.entry}), scanned again`;
      sheetRows.push({ ...base, style: status.style, class: 'Duplicate', detail });
      disagreements.push({ kind: 'Duplicate', ...base, detail });
      ctx.problem({
        severity: 'error',
        code: 'duplicate-image',
        file: row.archive ?? '',
        place: row.entry,
        message: `the ${detail}; its votes are not counted again`,
      });
      continue;
    }
    const contests = images.get(sheet) ?? new Map<string, ImageContest>();
    for (const [contestId, image] of contests) {
      if (!image.overvote) for (const o of image.votes) add(contestId, o, 'audit');
      for (const o of image.gray) add(contestId, o, 'gray');
    }
    const imageBlank = [...contests.values()].every(
      (c) => c.votes.length === 0 && c.gray.length === 0,
    );
    const record = recordOf(sheet);
    if (!record) {
      sheetRows.push({ ...base, style: status.style, class: 'No CVR' });
      disagreements.push({ kind: 'No CVR', ...base, detail: 'a ballot image with no vote record' });
      touch(contests.keys());
      continue;
    }
    const classes = compareSheet(sheet, record);
    const original = record.versions ? compareSheet(sheet, record, 'original') : undefined;
    const adjudicated = record.versions?.adjudicated
      ? compareSheet(sheet, record, 'adjudicated')
      : undefined;
    classes.forEach((c, i) => {
      const cvr = cvrChoice(c.record);
      contestRows.push({
        sheet_id: sheet,
        contest_id: c.contestId,
        class: c.cls,
        image_votes: c.image.overvote ? ['overvote', ...c.image.votes] : c.image.votes,
        image_gray: c.image.gray,
        cvr_votes: cvr.overvote ? ['overvote', ...cvr.votes] : cvr.votes,
        class_original: original?.[i]?.cls,
        class_adjudicated: adjudicated?.[i]?.cls,
      });
      count(c.contestId, 'sheets');
      count(c.contestId, c.cls);
      if (original?.[i]?.cls === 'Normal Disagreed') count(c.contestId, 'disagreed_original');
      if (adjudicated?.[i]?.cls === 'Normal Disagreed') count(c.contestId, 'disagreed_adjudicated');
      if (c.cls === 'Normal Disagreed')
        disagreements.push({
          kind: 'Normal Disagreed',
          ...base,
          contest_id: c.contestId,
          image_votes: c.image.overvote ? ['overvote', ...c.image.votes] : c.image.votes,
          image_gray: c.image.gray,
          cvr_votes: cvr.overvote ? ['overvote', ...cvr.votes] : cvr.votes,
          cvr_place: record.place ?? row.cvr_place,
          detail: swappedTo.has(batchOf(sheet).batch)
            ? `compared with ${record.id} of the swapped batch`
            : '',
        });
    });
    const cls: SheetClass = classes.some((c) => c.cls === 'Normal Disagreed')
      ? 'Normal Disagreed'
      : classes.some((c) => c.cls === 'Gray')
        ? 'Gray'
        : imageBlank
          ? 'Blank'
          : (classes.find((c) => c.cls !== 'Fully Agreed')?.cls ?? 'Fully Agreed');
    sheetRows.push({
      ...base,
      style: status.style,
      class: cls,
      detail: record && record.sheet_id !== sheet ? `record ${record.id}` : '',
    });
    ctx.progress(++done, bif.length);
  }
  for await (const row of readCsv(ctx.store, PATHS.residue)) {
    const base = {
      sheet_id: row.sheet_id,
      archive: row.archive,
      entry: row.entry,
      cvr_file: row.cvr_file,
      cvr_place: row.cvr_place,
    };
    sheetRows.push({ ...base, class: 'Duplicate', detail: `duplicates ${row.duplicate_of}` });
    disagreements.push({
      kind: 'Duplicate',
      ...base,
      detail: `${row.source} duplicates ${row.duplicate_of}`,
    });
  }

  const totalRows = [...totals].map(([key, t]) => {
    const [contest_id = '', option_id = ''] = key.split('\u0000');
    return {
      contest_id,
      option_id,
      option: infos.get(contest_id)?.options.get(option_id)?.name ?? option_id,
      cvr_votes: t.cvr,
      audit_votes: t.audit,
      audit_gray: t.gray,
    };
  });
  const order = [...infos.keys()];
  totalRows.sort(
    (a, b) =>
      order.indexOf(a.contest_id) - order.indexOf(b.contest_id) || b.cvr_votes - a.cvr_votes,
  );
  const summary = [...new Set([...order, ...tally.keys()])]
    .filter((c) => tally.has(c))
    .map((contestId) => {
      const t = tally.get(contestId) ?? {};
      const info = infos.get(contestId);
      const cvrTotals = totalRows
        .filter((r) => r.contest_id === contestId)
        .map((r) => r.cvr_votes)
        .sort((a, b) => b - a);
      const voteFor = info?.voteFor ?? 1;
      const margin = (cvrTotals[voteFor - 1] ?? 0) - (cvrTotals[voteFor] ?? 0);
      const disagreed = t['Normal Disagreed'] ?? 0;
      return {
        contest_id: contestId,
        contest: info?.name ?? contestId,
        vote_for: voteFor,
        sheets: t.sheets ?? 0,
        fully_agreed: t['Fully Agreed'] ?? 0,
        disagreed,
        gray: t.Gray ?? 0,
        agreed_overvote: t['Agreed Overvote'] ?? 0,
        agreed_undervote: t['Agreed Undervote'] ?? 0,
        agreed_write_in: t['Agreed Write-in'] ?? 0,
        unmatched_sheets: t.unmatched_sheets ?? 0,
        margin,
        disagreed_share_of_margin: margin > 0 ? disagreed / margin : '',
        disagreed_original: t.disagreed_original ?? '',
        disagreed_adjudicated: t.disagreed_adjudicated ?? '',
      };
    });
  await writeCsv(ctx.store, PATHS.sheets, SHEET_CLASS_COLUMNS, sheetRows);
  await writeCsv(ctx.store, PATHS.contestClasses, CONTEST_CLASS_COLUMNS, contestRows);
  await writeCsv(ctx.store, PATHS.disagreements, DISAGREEMENT_COLUMNS, disagreements);
  await writeCsv(ctx.store, PATHS.totals, TOTAL_COLUMNS, totalRows);
  await writeCsv(ctx.store, PATHS.contestSummary, SUMMARY_COLUMNS, summary);
  await writeContestNames(ctx, infos);
  const byClass = new Map<string, number>();
  for (const r of sheetRows) byClass.set(String(r.class), (byClass.get(String(r.class)) ?? 0) + 1);
  ctx.info(
    `sheets: ${[...byClass].map(([c, n]) => `${c} ${n}`).join(', ')}; ${disagreements.length} disagreements`,
  );
  ctx.progress(1, 1);
}

/**
 * The contests and options by name, as the election file (or the records) give them, so that
 * screens reading cmpcvr's option ids can show people names.
 */
async function writeContestNames(
  ctx: StageContext,
  infos: Awaited<ReturnType<typeof contestInfos>>,
): Promise<void> {
  const contests = [...infos].map(([id, c]) => ({
    id,
    name: c.name,
    voteFor: c.voteFor,
    options: [...c.options].map(([optionId, o]) => ({
      id: optionId,
      name: o.name,
      isWriteIn: o.isWriteIn,
    })),
  }));
  await ctx.store.write(PATHS.contestNames, JSON.stringify({ contests }));
}
