import { estimateDpi, isInk, type GreyImage } from '../image/grey.js';
import { measureTarget } from '../image/measure.js';
import { IDENTITY } from '../image/affine.js';
import { shapeOf, type TargetShape } from '../image/shape.js';
import type { TemplateTarget } from '../image/targets.js';
import { buildTemplate, type Template } from '../image/template.js';
import { loadPage } from '../image/load.js';
import { thumbnail } from '../image/thumbnail.js';
import { readBytes, readJson, type JobStore } from '../storage/index.js';
import { electionInfo, listKeys, PATHS, type ElectionInfo } from './job.js';
import { styleEvidence } from './template-files.js';

/** One target of a map a person drew: its box on the template, in pixels, and its meaning. */
export interface MappedBox {
  x: number;
  y: number;
  width: number;
  height: number;
  contest_id: string;
  option_id: string;
}

/** A style side's map as a person saved it; extractvote reads it in place of the automatic one. */
export interface EditedTargetMap {
  /** The template id: the style, or `<style>~<side>` for a later side. */
  style: string;
  targets: MappedBox[];
  edited_by: string;
  edited_at: string;
}

/** Where the edited map of a template lives in the job's store. */
export const editedMapKey = (style: string): string =>
  `${PATHS.targetMaps}${encodeURIComponent(style)}.json`;

/** The edited map of a template, when a person saved one. */
export async function findEditedMap(
  store: JobStore,
  style: string,
): Promise<EditedTargetMap | undefined> {
  const key = editedMapKey(style);
  return (await store.exists(key)) ? readJson<EditedTargetMap>(store, key) : undefined;
}

const RING = 3;

/**
 * A box drawn by hand becomes a target: the printed outline inside it when there is one (as the
 * automatic finder would take it), else the box itself, its edge the outline.
 */
export function targetFromBox(image: GreyImage, box: MappedBox, index: number): TemplateTarget {
  const drawn = {
    x0: Math.round(box.x),
    y0: Math.round(box.y),
    x1: Math.round(box.x) + Math.max(1, Math.round(box.width)) - 1,
    y1: Math.round(box.y) + Math.max(1, Math.round(box.height)) - 1,
  };
  const at = (b: typeof drawn) => ({ ...b, cx: (b.x0 + b.x1) / 2, cy: (b.y0 + b.y1) / 2 });
  const outlined = at(drawn);
  const shape = shapeOf(image, { ...outlined, area: 0 }, outlined.cx, outlined.cy);
  if (shape) return withInk(image, targetOf(outlined, shape, index));
  // No outline enclosing paper: a target marked on every exemplar prints solid on the
  // template. Its ink's own box is the target, an oval inside it, and its inside is paper.
  const ink = inkBox(image, drawn);
  if (ink) {
    const solid = at(ink);
    return { ...targetOf(solid, ovalShape(solid), index), isSolid: true };
  }
  // No ink in it at all (a target in a drop-out ink): the box's edge, which no page prints.
  const bare = boxShape(drawn.x0, drawn.y0, drawn.x1, drawn.y1, outlined.cx, outlined.cy);
  return { ...withInk(image, targetOf(outlined, bare, index)), isUnprinted: true };
}

type Placed = { x0: number; y0: number; x1: number; y1: number; cx: number; cy: number };

const targetOf = (b: Placed, shape: TargetShape, index: number): TemplateTarget => ({
  index,
  column: 0,
  x0: b.x0,
  y0: b.y0,
  width: b.x1 - b.x0 + 1,
  height: b.y1 - b.y0 + 1,
  cx: b.cx,
  cy: b.cy,
  shape,
  templateInk: 0,
});

const withInk = (image: GreyImage, t: TemplateTarget): TemplateTarget => ({
  ...t,
  templateInk: measureTarget(image, t, IDENTITY, 0).fill,
});

/** The box round the ink inside a drawn box, when there is enough of it to be a target. */
function inkBox(image: GreyImage, b: { x0: number; y0: number; x1: number; y1: number }) {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let y = b.y0; y <= b.y1; y += 1)
    for (let x = b.x0; x <= b.x1; x += 1)
      if (isInk(image, x, y)) {
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x);
        y1 = Math.max(y1, y);
      }
  return x1 - x0 >= 6 && y1 - y0 >= 4 ? { x0, y0, x1, y1 } : undefined;
}

/** An oval filling a box: its edge the outline, its inside less two pixels the interior. */
function ovalShape(b: Placed): TargetShape {
  const outline: number[] = [];
  const interior: number[] = [];
  const ring: number[] = [];
  const rx = (b.x1 - b.x0) / 2;
  const ry = (b.y1 - b.y0) / 2;
  const ox = Math.round(b.cx);
  const oy = Math.round(b.cy);
  for (let y = b.y0 - RING - 1; y <= b.y1 + RING + 1; y += 1)
    for (let x = b.x0 - RING - 1; x <= b.x1 + RING + 1; x += 1) {
      const d = Math.hypot((x - b.cx) / (rx + 0.5), (y - b.cy) / (ry + 0.5));
      const inner = Math.hypot((x - b.cx) / Math.max(1, rx - 2), (y - b.cy) / Math.max(1, ry - 2));
      if (inner <= 1) interior.push(x - ox, y - oy);
      else if (d <= 1) outline.push(x - ox, y - oy);
      else if (x < b.x0 - 1 || x > b.x1 + 1 || y < b.y0 - 1 || y > b.y1 + 1)
        ring.push(x - ox, y - oy);
    }
  return {
    outline: Int16Array.from(outline),
    interior: Int16Array.from(interior),
    ring: Int16Array.from(ring),
  };
}

function boxShape(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  cx: number,
  cy: number,
): TargetShape {
  const outline: number[] = [];
  const interior: number[] = [];
  const ring: number[] = [];
  const ox = Math.round(cx);
  const oy = Math.round(cy);
  for (let y = y0 - RING - 1; y <= y1 + RING + 1; y += 1)
    for (let x = x0 - RING - 1; x <= x1 + RING + 1; x += 1) {
      const inside = x >= x0 && x <= x1 && y >= y0 && y <= y1;
      const edge = Math.min(x - x0, x1 - x, y - y0, y1 - y);
      if (!inside) {
        if (edge < -1) ring.push(x - ox, y - oy);
      } else if (edge < 2) outline.push(x - ox, y - oy);
      else interior.push(x - ox, y - oy);
    }
  return {
    outline: Int16Array.from(outline),
    interior: Int16Array.from(interior),
    ring: Int16Array.from(ring),
  };
}

/**
 * A template read with a person's map: its targets, meanings and contests are the map's (vote-for
 * from the election file, 0 when it does not know the contest).
 */
export function withEditedMap(
  template: Template,
  map: EditedTargetMap,
  election: ElectionInfo | undefined,
): Template {
  const targets = map.targets.map((box, i) => targetFromBox(template.image, box, i));
  const meanings = map.targets.map((b) => ({ contestId: b.contest_id, optionId: b.option_id }));
  const ids = [...new Set(meanings.map((m) => m.contestId))];
  const voteFor = (id: string) =>
    election?.contests.find((c) => c.id === id)?.voteFor ??
    template.contests.find((c) => c.id === id)?.voteFor ??
    0;
  return {
    ...template,
    targets,
    meanings,
    contests: ids.map((id) => ({ id, voteFor: voteFor(id) })),
  };
}

/** Where gentemplates leaves the exemplar of a style it could make no template of. */
export const exemplarKey = (style: string): string =>
  `${PATHS.templates}${encodeURIComponent(style)}/exemplar.png`;

/**
 * A template from a style's exemplar, for a style mapped by hand: registered on the exemplar's
 * timing marks or frame when it has them.
 */
async function exemplarTemplate(store: JobStore, style: string): Promise<Template | undefined> {
  if (!(await store.exists(exemplarKey(style)))) return undefined;
  const image = await loadPage(await readBytes(store, exemplarKey(style)));
  const side = /~(\d+)$/.exec(style);
  const sideOf = side
    ? { sideOf: { style: style.slice(0, side.index), side: Number(side[1]) } }
    : {};
  try {
    const template = buildTemplate(image, { id: style });
    // The style's sheets as gentemplates sampled them, to tell its pages from other styles'.
    const dir = exemplarKey(style).replace(/exemplar\.png$/, '');
    const gap = (await store.exists(`${dir}exemplar.json`))
      ? (await readJson<{ styleGap?: number }>(store, `${dir}exemplar.json`)).styleGap
      : undefined;
    const evidence = await styleEvidence(store, dir, template.thumbnail, gap);
    return { ...template, ...evidence, ...sideOf };
  } catch {
    // Without marks to register on, each sheet says so when extractvote reads it.
    const marks = { left: [], right: [] };
    const dpi = estimateDpi(image);
    return {
      id: style,
      image,
      dpi,
      marks,
      targets: [],
      meanings: [],
      contests: [],
      thumbnail: thumbnail(image),
      ...sideOf,
    };
  }
}

/**
 * Every template with the map a person saved for it in place of the automatic one, and a
 * template for each style gentemplates could not make that a person mapped on its exemplar.
 */
export async function applyEditedMaps(store: JobStore, templates: Template[]): Promise<Template[]> {
  const election = await electionInfo(store);
  const out: Template[] = [];
  for (const template of templates) {
    const map = await findEditedMap(store, template.id);
    out.push(map ? withEditedMap(template, map, election) : template);
  }
  const known = new Set(templates.map((t) => t.id));
  for (const key of await listKeys(store, PATHS.targetMaps)) {
    if (!key.endsWith('.json')) continue;
    const map = await readJson<EditedTargetMap>(store, key);
    if (known.has(map.style)) continue;
    const base = await exemplarTemplate(store, map.style);
    if (base) out.push(withEditedMap(base, map, election));
  }
  return out;
}
