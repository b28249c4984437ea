import { estimateDpi } from '../image/grey.js';
import { loadPage } from '../image/load.js';
import type { TemplateTarget } from '../image/targets.js';
import type { Template } from '../image/template.js';
import { thumbnail, unpackThumbnails, type Thumbnail } from '../image/thumbnail.js';
import { readBytes, readJson, type JobStore } from '../storage/index.js';
import { readCsv } from './context.js';
import { listKeys, PATHS } from './job.js';

/** What gentemplates writes per style and extractvote reads back. */
export interface StoredTemplate extends Omit<Template, 'image' | 'thumbnail' | 'fit'> {
  /** The style fit's gap; its cells are in `fit-cells.bin`. */
  styleGap?: number;
  exemplars: { used: number[]; rejected: { index: number; reason: string }[] };
  mappingSource: string;
  /** For a side after the front: its style and side (the id is `<style>~<side>`). */
  style?: string;
  side?: number;
}

export const BATCH_COLUMNS = ['batch', 'exemplars', 'agreeing', 'trusted'];

/** Batches whose records' styles disagree with their images (see `groupExemplarsByImage`). */
export async function untrustedBatches(store: JobStore): Promise<Set<string>> {
  const batches = new Set<string>();
  for await (const row of readCsv(store, PATHS.styleBatches))
    if (row.trusted === 'false') batches.add(row.batch ?? '');
  return batches;
}

/**
 * The file of a style's sampled sheets (ink maps, one byte a cell). Cells are read whole (the
 * mean ink over each cell's area on the page); templates built before that sampled points of a
 * cell into `samples.bin`, which is not read: their pages are matched against the templates'
 * own ink maps, taken afresh from `template.png`, until gentemplates is run again.
 */
export const SAMPLES_FILE = 'ink-samples.bin';

/**
 * A style's sheets as gentemplates sampled them (`ink-samples.bin`) and the cells and gap that tell
 * its pages from other styles' (`fit-cells.bin`, `styleGap`), from the style's folder.
 */
export async function styleEvidence(
  store: JobStore,
  dir: string,
  small: Thumbnail,
  styleGap: number | undefined,
): Promise<Pick<Template, 'samples' | 'fit'>> {
  const samples = (await store.exists(`${dir}${SAMPLES_FILE}`))
    ? unpackThumbnails(await readBytes(store, `${dir}${SAMPLES_FILE}`), small.width, small.height)
    : [];
  const cells =
    styleGap !== undefined && (await store.exists(`${dir}fit-cells.bin`))
      ? new Uint8Array(await readBytes(store, `${dir}fit-cells.bin`))
      : undefined;
  return {
    ...(samples.length > 0 ? { samples } : {}),
    ...(cells?.length === small.width * small.height && styleGap !== undefined
      ? { fit: { gap: styleGap, cells } }
      : {}),
  };
}

/** Loads every template gentemplates wrote. */
export async function loadTemplates(store: JobStore): Promise<Template[]> {
  const templates: Template[] = [];
  for (const key of await listKeys(store, PATHS.templates)) {
    if (!key.endsWith('/template.json')) continue;
    const stored = await readJson<StoredTemplate>(store, key);
    stored.targets = stored.targets.map(reviveTarget);
    const image = await loadPage(
      await readBytes(store, key.replace(/template\.json$/, 'template.png')),
    );
    const { exemplars: _e, mappingSource: _m, styleGap, style, side, ...template } = stored;
    const small = thumbnail(image);
    templates.push({
      ...template,
      dpi: template.dpi || estimateDpi(image),
      ...(side && side > 1 ? { sideOf: { style: style ?? '', side } } : {}),
      image,
      thumbnail: small,
      ...(await styleEvidence(store, key.replace(/template\.json$/, ''), small, styleGap)),
    });
  }
  return templates;
}

/**
 * Templates as reading ballots needs them: their pixels let go, their size kept. A page is laid
 * on a template's timing marks or anchors, targets and ink maps (made from the pixels when the
 * template is loaded), never on its pixels. Held through a batch, a style side's pixels
 * (megabytes each) leave the garbage collector so little room that it collects all the heap
 * every few pages, at more cost than reading them. Templates `keep` names keep their pixels.
 */
export function withoutPixels(
  templates: Template[],
  keep: (t: Template) => boolean = () => false,
): Template[] {
  return templates.map((t) =>
    keep(t)
      ? t
      : { ...t, image: { width: t.image.width, height: t.image.height, data: new Uint8Array(0) } },
  );
}

/** Target shapes are pixel offsets in typed arrays; JSON keeps them as plain arrays. */
export function storeTarget(t: TemplateTarget): unknown {
  const { outline, interior, ring } = t.shape;
  return {
    ...t,
    shape: { outline: Array.from(outline), interior: Array.from(interior), ring: Array.from(ring) },
  };
}

function reviveTarget(t: TemplateTarget): TemplateTarget {
  const s = t.shape as unknown as Record<'outline' | 'interior' | 'ring', number[]>;
  return {
    ...t,
    shape: {
      outline: Int16Array.from(s.outline),
      interior: Int16Array.from(s.interior),
      ring: Int16Array.from(s.ring),
    },
  };
}
