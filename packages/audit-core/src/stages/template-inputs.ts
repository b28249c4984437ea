import { countPages, loadPage } from '../image/load.js';
import type { GreyImage } from '../image/grey.js';
import type { LabelledPage } from '../image/style-groups.js';
import type { TargetMeaning, TemplateContest } from '../image/template.js';
import type { ContestDefinition } from '../cvr/model.js';
import { readJson, type JobStore } from '../storage/index.js';
import { readCsvAll, type StageContext } from './context.js';
import { batchOf, walkImageEntries } from './images.js';
import { electionInfo, PATHS } from './job.js';
import type { ExemplarSides } from './template-sides.js';

/**
 * Reads the exemplar images of every style, archive by archive: the front page decoded, and
 * the entry kept packed in `later` when it holds more pages (a sheet's other sides).
 */
export async function loadExemplars(
  ctx: StageContext,
  later: Map<GreyImage, ExemplarSides>,
): Promise<LabelledPage[]> {
  const rows = await readCsvAll(ctx.store, PATHS.exemplars);
  const pages: LabelledPage[] = [];
  const archives = [...new Set(rows.map((r) => r.archive ?? ''))];
  let done = 0;
  for (const archive of archives) {
    const wanted = new Map(
      rows.filter((r) => r.archive === archive).map((r) => [Number(r.entry_index), r]),
    );
    for await (const item of walkImageEntries(ctx.store, archive, (i) => wanted.has(i))) {
      ctx.checkCancelled();
      if (item.type === 'problem') continue;
      const row = wanted.get(item.entry.entryIndex);
      if (!row) continue;
      try {
        const bytes = await item.read();
        const label = item.entry.entry;
        // No template says yet how the ballots lie: a sheet fed sideways is told by its print.
        const page = await loadPage(bytes, { label, upright: 'print' });
        const count = await countPages(bytes);
        if (count > 1) later.set(page, { bytes, pages: count, label });
        const back =
          count > 1 ? await loadPage(bytes, { page: 1, label, upright: 'print' }) : undefined;
        const sheetId = row.sheet_id ?? '';
        const batch = batchOf(sheetId).batch;
        pages.push({ page, sheetId, style: row.style ?? '', batch, ...(back ? { back } : {}) });
      } catch (error) {
        ctx.problem({
          severity: 'error',
          code: 'corrupt-image',
          file: archive,
          place: item.entry.entry,
          message: error instanceof Error ? error.message : String(error),
        });
      }
      ctx.progress(++done, rows.length * 2);
    }
  }
  return pages;
}

/** The meaning of each target of a style in layout order, from the EIF or the vote records. */
export async function expectedMeanings(
  store: JobStore,
): Promise<
  (
    style: string,
  ) => { meanings: TargetMeaning[]; contests: TemplateContest[]; source: string } | undefined
> {
  const eif = await electionInfo(store);
  const fromCvr = (await store.exists(PATHS.cvrContests))
    ? await readJson<{ contests: ContestDefinition[]; styles: Record<string, string[]> }>(
        store,
        PATHS.cvrContests,
      )
    : { contests: [], styles: {} };
  return (style) => {
    const eifStyle = eif?.styles?.find((s) => s.id === style);
    const contestIds = eifStyle?.contestIds ?? fromCvr.styles[style];
    const definitions = eifStyle ? (eif?.contests ?? []) : fromCvr.contests;
    if (!contestIds) return undefined;
    const meanings: TargetMeaning[] = [];
    const contests: TemplateContest[] = [];
    for (const id of contestIds) {
      const contest = definitions.find((c) => c.id === id);
      if (!contest) continue;
      contests.push({ id, voteFor: contest.voteFor });
      for (const option of contest.options) meanings.push({ contestId: id, optionId: option.id });
    }
    return { meanings, contests, source: eifStyle ? 'eif' : 'cvr' };
  };
}
