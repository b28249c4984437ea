import type { Turn } from '../image/upright.js';
import { readCsv, type StageContext } from './context.js';
import { walkImageEntries } from './images.js';
import { PATHS } from './job.js';
import { readContestBoxes, uprightBox, uprightPicture } from './upright-picture.js';

/** A picture the report wants: a contest's targets on one side, or the whole first page. */
export interface CropRequest {
  id: string;
  archive: string;
  entry: string;
  /**
   * Target centres of the contest, in the file's pixels (targets.csv's x, y); absent for a
   * whole-page view.
   */
  box?: { x0: number; y0: number; x1: number; y1: number };
  /** 1 for the front, 2 for the back, … */
  side?: number;
  /** Degrees clockwise that turn the side's picture upright (targets.csv's `turn`); 0 if absent. */
  turn?: Turn;
}

/** What cropping needs of a stage: its store, and where to say a picture could not be made. */
export type CropContext = Pick<StageContext, 'store' | 'checkCancelled' | 'problem' | 'progress'>;

const CROP_WIDTH = 520;

/** A picture that could not be made: a warning, and the report goes on without it. */
function cropFailed(ctx: CropContext, file: string, place: string, error: unknown): void {
  ctx.problem({
    severity: 'warning',
    code: 'crop-failed',
    file,
    place,
    message: error instanceof Error ? error.message : String(error),
  });
}
const PAGE_WIDTH = 360;

/**
 * The part of an upright picture that shows a contest whose target centres span `box`: above
 * the first target its title and vote-for line, to the right the options' names. The report and
 * the adjudication queue cut alike, so a person sees the whole contest in both.
 */
function contestCut(
  picture: { width: number; height: number; dpi?: number | undefined },
  box: { x0: number; y0: number; x1: number; y1: number },
): { left: number; top: number; width: number; height: number } {
  const pad = Math.round((picture.dpi ?? 200) * 0.35);
  const left = Math.max(0, Math.round(box.x0 - pad));
  const top = Math.max(0, Math.round(box.y0 - pad * 2.4));
  const width = Math.min(picture.width - left, Math.round(box.x1 - box.x0 + pad * 8));
  const height = Math.min(picture.height - top, Math.round(box.y1 - box.y0 + pad * 3.4));
  return { left, top, width, height };
}

async function cropOne(bytes: Buffer, request: CropRequest): Promise<Buffer> {
  const picture = await uprightPicture(bytes, request.side ?? 1, request.turn ?? 0);
  const box = request.box && uprightBox(picture, request.box);
  const pipeline = box
    ? (() => {
        return picture
          .pipeline()
          .extract(contestCut(picture, box))
          .resize({ width: CROP_WIDTH, withoutEnlargement: true });
      })()
    : picture.pipeline().resize({ width: PAGE_WIDTH, withoutEnlargement: true });
  return pipeline.greyscale().png({ palette: true, colours: 16 }).toBuffer();
}

/**
 * Makes the pictures asked for, reading each archive once and each entry once. An entry that
 * cannot be unpacked or cropped gets no picture and a warning; the report says so beside it.
 */
export async function makeCrops(
  ctx: CropContext,
  requests: CropRequest[],
): Promise<Map<string, Buffer>> {
  const made = new Map<string, Buffer>();
  const byArchive = new Map<string, Map<string, CropRequest[]>>();
  for (const r of requests) {
    if (!r.archive || !r.entry) continue;
    const entries = byArchive.get(r.archive) ?? new Map<string, CropRequest[]>();
    entries.set(r.entry, [...(entries.get(r.entry) ?? []), r]);
    byArchive.set(r.archive, entries);
  }
  let done = 0;
  for (const [archive, entries] of byArchive) {
    if (!(await ctx.store.exists(archive))) continue;
    for await (const item of walkImageEntries(ctx.store, archive)) {
      ctx.checkCancelled();
      if (item.type === 'problem') continue;
      const wanted = entries.get(item.entry.entry);
      if (!wanted) continue;
      const bytes = await item.read().catch(() => null);
      if (!bytes) continue;
      for (const request of wanted) {
        try {
          made.set(request.id, await cropOne(bytes, request));
        } catch (error) {
          cropFailed(ctx, archive, item.entry.entry, error);
        }
      }
      done += wanted.length;
      ctx.progress(done, requests.length + 1);
    }
  }
  return made;
}

const CROP_LIMIT = 200;

/**
 * Crops of the contest's targets on the sheets people review (misreads and gray marks), under
 * `<folder>/crops/`, keyed by the row's index.
 */
export async function cropDisagreements(
  ctx: StageContext,
  rows: Record<string, string>[],
  folder = 'genreport',
): Promise<Map<number, string>> {
  const crops = new Map<number, string>();
  const wanted = rows
    .map((r, i) => ({ r, i }))
    .filter(({ r }) => (r.kind === 'Normal Disagreed' || r.kind === 'Gray') && r.archive)
    .slice(0, CROP_LIMIT);
  if (wanted.length === 0) return crops;
  const sheets = new Set(wanted.map(({ r }) => r.sheet_id ?? ''));
  const boxes = await readContestBoxes(ctx.store, sheets);
  const bif = new Map<string, Record<string, string>>();
  for await (const row of readCsv(ctx.store, PATHS.bif))
    if (sheets.has(row.sheet_id ?? '')) bif.set(row.sheet_id ?? '', row);
  for (const archive of new Set(wanted.map(({ r }) => r.archive ?? ''))) {
    const byIndex = new Map<number, { r: Record<string, string>; i: number }[]>();
    for (const w of wanted.filter(({ r }) => r.archive === archive)) {
      const index = Number(bif.get(w.r.sheet_id ?? '')?.entry_index);
      byIndex.set(index, [...(byIndex.get(index) ?? []), w]);
    }
    for await (const item of walkImageEntries(ctx.store, archive, (i) => byIndex.has(i))) {
      ctx.checkCancelled();
      if (item.type === 'problem') continue;
      // An entry that cannot be unpacked any more has no crop; the report goes on without it.
      const bytes = await item.read().catch(() => null);
      if (!bytes) continue;
      for (const { r, i } of byIndex.get(item.entry.entryIndex) ?? []) {
        const box = boxes.get(`${r.sheet_id}\u0000${r.contest_id}`);
        if (!box) continue;
        try {
          // Turned the way its print reads, the box's corners turned with it.
          const picture = await uprightPicture(bytes, box.side, box.turn);
          const at = uprightBox(picture, box);
          const png = await picture
            .pipeline()
            .extract(contestCut(picture, at))
            .greyscale()
            .png()
            .toBuffer();
          const name = `crops/${String(i + 1).padStart(5, '0')}.png`;
          await ctx.store.write(`${folder}/${name}`, png);
          crops.set(i, name);
        } catch (error) {
          cropFailed(ctx, archive, item.entry.entry, error);
        }
      }
    }
  }
  return crops;
}
