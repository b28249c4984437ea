import type { GreyImage } from '../image/grey.js';
import { measureTarget } from '../image/measure.js';
import { IDENTITY } from '../image/affine.js';
import { shapeOf, type TargetShape } from '../image/shape.js';
import type { TemplateTarget } from '../image/targets.js';
import { buildTemplate, type Template } from '../image/template.js';
import { estimateDpi } from '../image/grey.js';
import { loadPage } from '../image/load.js';
import { thumbnail } from '../image/thumbnail.js';
import { readBytes, readJson, type JobStore } from '../storage/index.js';
import { electionInfo, listKeys, PATHS, type ElectionInfo } from './job.js';

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
  const x0 = Math.round(box.x);
  const y0 = Math.round(box.y);
  const x1 = x0 + Math.max(1, Math.round(box.width)) - 1;
  const y1 = y0 + Math.max(1, Math.round(box.height)) - 1;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const component = { x0, y0, x1, y1, area: (x1 - x0 + 1) * (y1 - y0 + 1), cx, cy };
  const shape = shapeOf(image, component, cx, cy) ?? boxShape(x0, y0, x1, y1, cx, cy);
  const target: TemplateTarget = {
    index,
    column: 0,
    x0,
    y0,
    width: x1 - x0 + 1,
    height: y1 - y0 + 1,
    cx,
    cy,
    shape,
    templateInk: 0,
  };
  return { ...target, templateInk: measureTarget(image, target, IDENTITY, 0).fill };
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
    return { ...buildTemplate(image, { id: style }), ...sideOf };
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
