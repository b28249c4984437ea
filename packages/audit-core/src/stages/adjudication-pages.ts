import type { Point } from '../image/affine.js';
import { parseTurn, type Turn } from '../image/upright.js';
import { readCsv, type StageContext } from './context.js';
import { walkImageEntries } from './images.js';
import { PATHS } from './job.js';
import { uprightPicture } from './upright-picture.js';

/** One target of a page as the reader measured it, in the rendered (upright) page's pixels. */
export interface PageTarget {
  contest_id: string;
  option_id: string;
  x: number;
  y: number;
  fill: number;
  decision: string;
}

export interface RenderedPage {
  /** Key of the page PNG under the stage's folder. */
  key: string;
  targets: PageTarget[];
}

/** Pages wider than this are scaled down: enough to read a mark, small enough to load fast. */
const PAGE_WIDTH = 1400;
const PAGE_LIMIT = 5000;

const sideOf = (style: string | undefined): number => Number(/~(\d+)$/.exec(style ?? '')?.[1] ?? 1);

/**
 * Renders the page of each wanted sheet and contest that people adjudicate: greyscale PNGs in
 * `<folder>/pages/`, with the targets read on that page scaled to it. Keyed by
 * `sheet \0 contest`; a sheet whose image cannot be read is left out.
 */
export async function renderAdjudicationPages(
  ctx: StageContext,
  wanted: { sheet_id: string; contest_id: string; archive: string }[],
  folder = 'adjudicate',
): Promise<Map<string, RenderedPage>> {
  const out = new Map<string, RenderedPage>();
  const sheets = new Set(wanted.filter((w) => w.archive).map((w) => w.sheet_id));
  if (sheets.size === 0) return out;
  const targets = new Map<string, (PageTarget & { side: number; turn: Turn })[]>();
  for await (const t of readCsv(ctx.store, PATHS.votesTargets)) {
    if (!sheets.has(t.sheet_id ?? '')) continue;
    const list = targets.get(t.sheet_id ?? '') ?? [];
    list.push({
      contest_id: t.contest_id ?? '',
      option_id: t.option_id ?? '',
      x: Number(t.x),
      y: Number(t.y),
      fill: Number(t.fill),
      decision: t.decision ?? '',
      side: sideOf(t.style),
      turn: parseTurn(t.turn),
    });
    targets.set(t.sheet_id ?? '', list);
  }
  const entryIndex = new Map<string, number>();
  for await (const row of readCsv(ctx.store, PATHS.bif))
    if (sheets.has(row.sheet_id ?? '')) entryIndex.set(row.sheet_id ?? '', Number(row.entry_index));
  const byArchive = new Map<string, Map<number, typeof wanted>>();
  for (const w of wanted.slice(0, PAGE_LIMIT)) {
    const index = entryIndex.get(w.sheet_id);
    if (!w.archive || index === undefined) continue;
    const m = byArchive.get(w.archive) ?? new Map<number, typeof wanted>();
    m.set(index, [...(m.get(index) ?? []), w]);
    byArchive.set(w.archive, m);
  }
  for (const [archive, byIndex] of byArchive) {
    for await (const item of walkImageEntries(ctx.store, archive, (i) => byIndex.has(i))) {
      ctx.checkCancelled();
      if (item.type === 'problem') continue;
      const bytes = await item.read().catch(() => null);
      if (!bytes) continue;
      const rendered = new Map<number, { key: string; scale: number; at: (p: Point) => Point }>();
      for (const w of byIndex.get(item.entry.entryIndex) ?? []) {
        const sheetTargets = targets.get(w.sheet_id) ?? [];
        const first = sheetTargets.find((t) => t.contest_id === w.contest_id);
        const side = first?.side ?? 1;
        try {
          let page = rendered.get(side);
          if (!page) {
            // The page a person reads is turned the way its print reads, its targets with it.
            const picture = await uprightPicture(bytes, side, first?.turn ?? 0);
            const scale = picture.width > PAGE_WIDTH ? PAGE_WIDTH / picture.width : 1;
            const png = await picture
              .pipeline()
              .resize({ width: Math.round(picture.width * scale) })
              .greyscale()
              .png({ compressionLevel: 6 })
              .toBuffer();
            const key = `pages/${w.sheet_id.replace(/[^A-Za-z0-9_-]/g, '_')}-${side}.png`;
            await ctx.store.write(`${folder}/${key}`, png);
            page = { key, scale, at: picture.at };
            rendered.set(side, page);
          }
          const { scale, at } = page;
          out.set(`${w.sheet_id}\u0000${w.contest_id}`, {
            key: page.key,
            targets: sheetTargets
              .filter((t) => t.side === side)
              .map(({ side: _side, turn: _turn, ...t }) => {
                const p = at(t);
                return { ...t, x: Math.round(p.x * scale), y: Math.round(p.y * scale) };
              }),
          });
        } catch {
          // An image sharp cannot decode has no page; the item keeps its readings.
        }
      }
    }
  }
  return out;
}
