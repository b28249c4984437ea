import { createHash } from 'node:crypto';
import type { StageContext } from './context.js';
import { StageFailure, writeCsv } from './context.js';
import { checkCvrs, unreadableMessage } from './precheck-cvr.js';
import { planCvrInputs } from './cvr-inputs.js';
import { electionInfo, imageArchives, listKeys, PATHS } from './job.js';
import { walkImageEntries } from './images.js';
import { countPages } from '../image/load.js';

export interface InputRow {
  key: string;
  kind: string;
  bytes: number;
  sha256: string;
  images: number | '';
  records: number | '';
  problems: number;
  /** Pages in the archive's images: a sheet's sides are the pages of its entry. */
  pages: number | '';
}

export const PRECHECK_COLUMNS = [
  'key',
  'kind',
  'bytes',
  'sha256',
  'images',
  'records',
  'problems',
  'pages',
];

async function digest(ctx: StageContext, key: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of await ctx.store.read(key)) {
    ctx.checkCancelled();
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/**
 * Lists every input with its SHA-256, opens every image archive and CVR to count images and
 * records, and checks the election information file. Problems are lines in the log and in
 * `precheck/problems.csv`; the stage fails only when there is nothing to audit.
 */
export async function precheck(ctx: StageContext): Promise<void> {
  const keys = (await listKeys(ctx.store, 'input/')).filter((k) => !k.endsWith('/'));
  const archives = new Set(await imageArchives(ctx.store));
  const plan = await planCvrInputs(ctx.store);
  const rows: InputRow[] = [];
  let done = 0;
  const total = keys.length + plan.cvrs.length;
  let images = 0;
  let records = 0;
  let pages = 0;
  for (const key of keys) {
    ctx.checkCancelled();
    const { bytes, sha256 } = await digest(ctx, key);
    const row: InputRow = {
      key,
      kind: plan.companions.has(key) ? companionKind(plan.companions.get(key) ?? '') : kindOf(key),
      bytes,
      sha256,
      images: '',
      records: '',
      problems: 0,
      pages: '',
    };
    if (archives.has(key)) {
      let count = 0;
      let inArchive = 0;
      for await (const item of walkImageEntries(ctx.store, key)) {
        if (item.type === 'entry') {
          let entryPages: number;
          try {
            // Headers only: a TIFF's directories are counted without decoding a page.
            entryPages = await countPages(await item.read());
          } catch (error) {
            // One entry that cannot be unpacked (its directory understates its size, its data is
            // damaged) is a problem of that entry; the archive and the others are read on.
            row.problems += 1;
            ctx.problem({
              severity: 'error',
              code: 'unreadable-entry',
              file: key,
              place: item.entry.entry,
              message: `${item.entry.entry}: cannot be read: ${error instanceof Error ? error.message : String(error)}; skipped`,
            });
            continue;
          }
          count += 1;
          inArchive += entryPages;
          if ((count & 255) === 0) ctx.checkCancelled();
        } else {
          row.problems += 1;
          ctx.problem({
            severity: item.problem.severity,
            code: item.problem.code,
            file: key,
            place: item.problem.entry,
            message: item.problem.message,
          });
        }
      }
      row.images = count;
      row.pages = inArchive;
      images += count;
      pages += inArchive;
    } else if (key.startsWith(PATHS.images)) {
      row.problems += 1;
      ctx.problem({
        severity: 'warning',
        code: 'not-an-archive',
        file: key,
        message: `${key} is not a zip of ballot images; skipped`,
      });
    }
    rows.push(row);
    ctx.progress(++done, total);
  }
  const cvrCheck = await checkCvrs(ctx, plan, rows, () => ctx.progress(++done, total));
  records = cvrCheck.records;
  try {
    const info = await electionInfo(ctx.store);
    if (info && !Array.isArray(info.contests))
      ctx.problem({
        severity: 'error',
        code: 'malformed-eif',
        file: PATHS.election,
        message: 'no contests list',
      });
  } catch (error) {
    ctx.problem({
      severity: 'error',
      code: 'malformed-eif',
      file: PATHS.election,
      message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  await writeCsv(ctx.store, PATHS.precheckInputs, PRECHECK_COLUMNS, rows);
  const summary = {
    inputs: rows.length,
    archives: archives.size,
    cvrs: plan.cvrs.length,
    images,
    pages,
    records,
    problems: ctx.problems.length,
    unreadable_cvr_parts: cvrCheck.unreadable.length,
    unreadable_cvr_accepted: cvrCheck.unreadable.length > 0 && cvrCheck.accepted,
    manifests: plan.manifests.length,
    manifest_batches: cvrCheck.manifestBatches,
    manifest_batches_differing: cvrCheck.manifestDiffering,
    cvr_aggregated_rows: cvrCheck.aggregatedRows,
    cvr_aggregated_votes: cvrCheck.aggregatedVotes,
    counting_groups: cvrCheck.countingGroups,
  };
  await ctx.store.write(PATHS.precheckSummary, JSON.stringify(summary, null, 2));
  ctx.info(
    `${rows.length} inputs, ${images} images${pages > images ? ` (${pages} pages)` : ''}, ${records} records, ${ctx.problems.length} problems`,
  );
  const groups = Object.entries(cvrCheck.countingGroups);
  if (groups.length > 0)
    ctx.info(`Counting groups: ${groups.map(([group, n]) => `${group} ${n}`).join(', ')}`);
  if (cvrCheck.unreadable.length > 0 && !cvrCheck.accepted)
    throw new StageFailure(unreadableMessage(cvrCheck.unreadable));
  if (images === 0 && records === 0)
    throw new StageFailure('no ballot images and no vote records to audit');
}

function companionKind(what: string): string {
  if (what === 'ballot manifest') return 'manifest';
  if (what.startsWith('Hart scanned')) return 'hart-scan-info';
  return what.startsWith('ES&S ballots') ? 'ess-ballots' : 'cvr';
}

function kindOf(key: string): string {
  if (key.startsWith(PATHS.manifests)) return 'manifest';
  if (key === PATHS.jobSettings) return 'settings';
  if (key.startsWith(PATHS.images)) return 'images';
  if (key.startsWith(PATHS.cvr)) return 'cvr';
  if (key === PATHS.election) return 'eif';
  if (key === PATHS.official) return 'official';
  if (key === PATHS.mappingCorrections || key.startsWith(PATHS.targetMaps)) return 'mapping';
  return 'other';
}
