import { rm } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeElection,
  PATHS,
  runPipeline,
  StylePrinter,
  type GreyImage,
  type StageResult,
  type SynthElection,
} from '../../src/index.js';
import type { Point } from '../../src/image/affine.js';
import { parseTurn } from '../../src/image/upright.js';
import { readBytes } from '../../src/storage/index.js';
import { renderAdjudicationPages } from '../../src/stages/adjudication-pages.js';
import { readCsvAll, StageContext } from '../../src/stages/context.js';
import { cropDisagreements, makeCrops } from '../../src/stages/report-crops.js';
import { generatedJob, type GeneratedJob } from './generated-job.js';

/**
 * Pictures people look at (report crops, the adjudication queue's crops, the page a person
 * adjudicates on) show a sheet as its print reads, whichever way it went through the scanner:
 * S1 fed upright, S2 upside down, S3 sideways (its front a quarter clockwise, its back the other
 * way), on both sides of a two-sided Hart-like sheet. Each picture is compared with the same
 * place cut from the style's print, upright and turned 180°: it must look like the upright one
 * by a clear margin.
 */
const COUNT = 12;
const SMALL = 96;
/** How report-crops.ts cuts around a contest's targets (report and queue alike), in paddings of 0.35 in. */
const REPORT_CUT = { above: 2.4, wide: 8, tall: 3.4 };

/** Pixels of a PNG (or any picture sharp reads), greyscale, `SMALL` wide, `turn`ed clockwise. */
async function small(picture: Buffer | Sharp, turn = 0) {
  const s = Buffer.isBuffer(picture) ? sharp(picture) : picture;
  const { data, info } = await s
    .greyscale()
    .rotate(turn)
    .resize({ width: SMALL, height: SMALL, fit: 'fill' })
    .blur(1.2)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Best correlation of two same-size pictures over shifts of up to `reach` pixels. */
function likeness(a: { data: Buffer }, b: { data: Buffer }, reach = 6): number {
  let best = -1;
  for (let dy = -reach; dy <= reach; dy += 1)
    for (let dx = -reach; dx <= reach; dx += 1) {
      const pairs: [number, number][] = [];
      for (let y = Math.max(0, -dy); y < Math.min(SMALL, SMALL - dy); y += 1)
        for (let x = Math.max(0, -dx); x < Math.min(SMALL, SMALL - dx); x += 1)
          pairs.push([a.data[y * SMALL + x] ?? 0, b.data[(y + dy) * SMALL + x + dx] ?? 0]);
      const n = pairs.length;
      const ma = pairs.reduce((s, [p]) => s + p, 0) / n;
      const mb = pairs.reduce((s, [, q]) => s + q, 0) / n;
      let sab = 0;
      let saa = 0;
      let sbb = 0;
      for (const [p, q] of pairs) {
        sab += (p - ma) * (q - mb);
        saa += (p - ma) ** 2;
        sbb += (q - mb) ** 2;
      }
      best = Math.max(best, sab / Math.sqrt(saa * sbb || 1));
    }
  return best;
}

/**
 * The turn, scale and shift that best lay `from` on `to` (least squares, a column of targets
 * alone is enough), and the worst place left off, in `from`'s pixels.
 */
function similarity(pairs: { from: Point; to: Point }[]) {
  const n = pairs.length;
  const mean = (f: (p: { from: Point; to: Point }) => number) =>
    pairs.reduce((s, p) => s + f(p), 0) / n;
  const [fx, fy, tx, ty] = [
    mean((p) => p.from.x),
    mean((p) => p.from.y),
    mean((p) => p.to.x),
    mean((p) => p.to.y),
  ];
  // to − t̄ = k·(from − f̄) for a complex k: its angle is the turn, its size the scale.
  let re = 0;
  let im = 0;
  let norm = 0;
  for (const { from, to } of pairs) {
    const [ax, ay, bx, by] = [from.x - fx, from.y - fy, to.x - tx, to.y - ty];
    re += bx * ax + by * ay;
    im += by * ax - bx * ay;
    norm += ax * ax + ay * ay;
  }
  const [kr, ki] = [re / norm, im / norm];
  const scale = Math.hypot(kr, ki);
  const worst = Math.max(
    ...pairs.map(({ from, to }) => {
      const [ax, ay] = [from.x - fx, from.y - fy];
      const [px, py] = [tx + kr * ax - ki * ay, ty + ki * ax + kr * ay];
      return Math.hypot(px - to.x, py - to.y) / scale;
    }),
  );
  return { rotation: (Math.atan2(ki, kr) * 180) / Math.PI, scale, worst };
}

const raw = (g: GreyImage) =>
  sharp(g.data, { raw: { width: g.width, height: g.height, channels: 1 } });

describe('pictures of sheets fed upside down and sideways show them as their print reads', () => {
  let made: GeneratedJob;
  let results: StageResult[];
  let election: SynthElection;
  let targets: Record<string, string>[];
  let sheets: Record<string, string>[];
  const printer = () => new StylePrinter(election, 200);
  beforeAll(async () => {
    election = makeElection({ seed: 'upright-pictures', styles: 3, family: 'hart' });
    made = await generatedJob('scrutineer-upright-', election, {
      count: COUNT,
      batchSize: COUNT,
      misreads: 0,
      missing: 0,
      extra: 0,
      swapBatches: false,
      scan: { upsideDownStyles: ['S2'], sidewaysStyles: ['S3'] },
    });
    results = await runPipeline(made.store, 'precheck', 'extractvote', { batchSize: COUNT });
    targets = await readCsvAll(made.store, PATHS.votesTargets);
    sheets = await readCsvAll(made.store, PATHS.votesSheets);
  }, 600_000);
  afterAll(async () => rm(made.job, { recursive: true, force: true }));

  /** One sheet of each style, and one contest on each of its sides. */
  function cases() {
    const out: { sheet: Record<string, string>; side: number; contest: string; style: string }[] =
      [];
    for (const style of ['S1', 'S2', 'S3']) {
      const sheet = sheets.find((s) => s.style === style && s.status === 'read');
      if (!sheet) throw new Error(`no ${style} sheet was read`);
      for (const side of [1, 2]) {
        const name = side === 1 ? style : `${style}~2`;
        const row = targets.find((t) => t.sheet_id === sheet.sheet_id && t.style === name);
        if (!row) throw new Error(`${sheet.sheet_id} has no targets on side ${side}`);
        out.push({ sheet, side, contest: row.contest_id ?? '', style });
      }
    }
    return out;
  }

  it('records each side’s turn: none upright, 180 upside down, a quarter either way sideways', () => {
    expect(results.map((r) => `${r.stage} ${r.status}`)).toEqual(
      ['precheck', 'gen_bif', 'genstyles', 'gentemplates', 'extractvote'].map(
        (s) => `${s} SUCCESS`,
      ),
    );
    const turns = new Map<string, Set<number>>();
    for (const t of targets) {
      const style = t.style ?? '';
      turns.set(style, (turns.get(style) ?? new Set()).add(parseTurn(t.turn)));
    }
    expect(Object.fromEntries([...turns].map(([s, set]) => [s, [...set]]))).toEqual({
      S1: [0],
      'S1~2': [0],
      S2: [180],
      'S2~2': [180],
      S3: [270],
      'S3~2': [90],
    });
  });

  /** Pictures that do not look like their print upright by a clear margin, with the figures. */
  const margins: string[] = [];
  /** Every likeness measured, upright and turned, for the record. */
  const figures: string[] = [];
  async function judge(id: string, got: Buffer, want: Sharp): Promise<void> {
    if (process.env.UPRIGHT_DUMP) {
      await sharp(got).toFile(`/tmp/upright-${id}.png`);
      await want.clone().toFile(`/tmp/upright-${id}-want.png`);
    }
    const small_ = await small(got);
    const upright = likeness(small_, await small(want.clone()));
    const turned = likeness(small_, await small(want.clone(), 180));
    const line = `${id}: upright ${upright.toFixed(2)}, turned ${turned.toFixed(2)}`;
    figures.push(line);
    if (!(upright > 0.6 && upright > turned + 0.2)) margins.push(line);
  }

  /**
   * The contest cut from the style's print as a crop of its targets is cut: `pad` inches
   * around them, `above` and `wide` and `tall` of them more.
   */
  async function printedCrop(
    style: string,
    side: number,
    contest: string,
    cut: { above: number; wide: number; tall: number },
  ): Promise<Sharp> {
    const { layout, blank } = await printer().style(style, side);
    const printed = layout.targets.filter((t) => t.contestId === contest);
    const pad = Math.round(200 * 0.35);
    const xs = printed.map((t) => t.cx);
    const ys = printed.map((t) => t.cy);
    const left = Math.max(0, Math.round(Math.min(...xs) - pad));
    const top = Math.max(0, Math.round(Math.min(...ys) - pad * cut.above));
    const box = {
      left,
      top,
      width: Math.min(
        blank.width - left,
        Math.round(Math.max(...xs) - Math.min(...xs) + pad * cut.wide),
      ),
      height: Math.min(
        blank.height - top,
        Math.round(Math.max(...ys) - Math.min(...ys) + pad * cut.tall),
      ),
    };
    return sharp(await raw(blank).extract(box).png().toBuffer());
  }

  it('crops a contest for the report upright on every side, however the sheet was fed', async () => {
    const ctx = new StageContext('genreport', made.store);
    margins.length = 0;
    for (const { sheet, side, contest, style } of cases()) {
      const rows = targets.filter((t) => t.sheet_id === sheet.sheet_id && t.contest_id === contest);
      const xs = rows.map((t) => Number(t.x));
      const ys = rows.map((t) => Number(t.y));
      const id = `report-${style}-${side}`;
      const crop = (
        await makeCrops(ctx, [
          {
            id,
            archive: sheet.archive ?? '',
            entry: sheet.entry ?? '',
            side,
            turn: parseTurn(rows[0]?.turn),
            box: {
              x0: Math.min(...xs),
              y0: Math.min(...ys),
              x1: Math.max(...xs),
              y1: Math.max(...ys),
            },
          },
        ])
      ).get(id);
      expect(crop, id).toBeDefined();
      await judge(id, crop as Buffer, await printedCrop(style, side, contest, REPORT_CUT));
    }
    expect(margins).toEqual([]);
  });

  it('crops a contest for the adjudication queue upright on every side', async () => {
    const ctx = new StageContext('genreport', made.store);
    margins.length = 0;
    const all = cases();
    const rows = all.map(({ sheet, contest }) => ({
      kind: 'Gray',
      sheet_id: sheet.sheet_id ?? '',
      contest_id: contest,
      archive: sheet.archive ?? '',
    }));
    const crops = await cropDisagreements(ctx, rows, 'adjudicate');
    expect(crops.size).toBe(all.length);
    for (const [i, { side, contest, style }] of all.entries()) {
      const png = await readBytes(made.store, `adjudicate/${crops.get(i)}`);
      await judge(
        `queue-${style}-${side}`,
        png,
        await printedCrop(style, side, contest, REPORT_CUT),
      );
    }
    expect(margins).toEqual([]);
  });

  it('renders the page a person adjudicates upright, its targets on the printed targets', async () => {
    const ctx = new StageContext('genreport', made.store);
    margins.length = 0;
    const all = cases();
    const pages = await renderAdjudicationPages(
      ctx,
      all.map(({ sheet, contest }) => ({
        sheet_id: sheet.sheet_id ?? '',
        contest_id: contest,
        archive: sheet.archive ?? '',
      })),
    );
    const off: string[] = [];
    for (const { sheet, side, contest, style } of all) {
      const page = pages.get(`${sheet.sheet_id}\u0000${contest}`);
      expect(page, `${style} side ${side}`).toBeDefined();
      const png = await readBytes(made.store, `adjudicate/${page?.key}`);
      const { layout, blank } = await printer().style(style, side);
      await judge(`page-${style}-${side}`, png, sharp(await raw(blank).png().toBuffer()));
      // The targets given with the page lie where the style prints its targets, laid on the
      // page upright: fitted as a whole, no turn and no target more than 0.05 in off.
      const at = (page?.targets ?? []).flatMap((t) => {
        const printed = layout.targets.find((p) => p.optionId === t.option_id);
        if (!printed) return [];
        const half = Math.max(printed.rx, printed.ry);
        return [{ from: { x: printed.cx, y: printed.cy }, to: { x: t.x, y: t.y }, half }];
      });
      expect(at.length, `${style} side ${side}`).toBeGreaterThan(3);
      const { rotation, scale, worst } = similarity(at);
      if (Math.abs(rotation) > 3 || !(worst < 10))
        off.push(
          `${style} side ${side}: turned ${rotation.toFixed(1)}°, ${worst.toFixed(1)} px off`,
        );
      // And on the page each falls on a target's printed outline: ink within its half size.
      const { data, info } = await sharp(png)
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      for (const { to, half } of at) {
        const reach = Math.ceil(half * scale) + 2;
        let darkest = 255;
        for (let dy = -reach; dy <= reach; dy += 1)
          for (let dx = -reach; dx <= reach; dx += 1) {
            const [x, y] = [Math.round(to.x) + dx, Math.round(to.y) + dy];
            if (x >= 0 && y >= 0 && x < info.width && y < info.height)
              darkest = Math.min(darkest, data[y * info.width + x] ?? 255);
          }
        if (darkest > 128) off.push(`${style} side ${side}: no ink at ${to.x},${to.y}`);
      }
    }
    expect(off).toEqual([]);
    expect(margins).toEqual([]);
  });

  afterAll(() => {
    if (process.env.UPRIGHT_DUMP) console.log(figures.join('\n'));
  });
});
