import { estimateDpi } from '../image/grey.js';
import { loadPage } from '../image/load.js';
import type { TemplateTarget } from '../image/targets.js';
import type { Template } from '../image/template.js';
import { thumbnail, unpackThumbnails } from '../image/thumbnail.js';
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
    const samplesKey = key.replace(/template\.json$/, 'samples.bin');
    const samples = (await store.exists(samplesKey))
      ? unpackThumbnails(await readBytes(store, samplesKey), small.width, small.height)
      : [];
    const cellsKey = key.replace(/template\.json$/, 'fit-cells.bin');
    const cells =
      styleGap !== undefined && (await store.exists(cellsKey))
        ? new Uint8Array(await readBytes(store, cellsKey))
        : undefined;
    templates.push({
      ...template,
      dpi: template.dpi || estimateDpi(image),
      ...(side && side > 1 ? { sideOf: { style: style ?? '', side } } : {}),
      image,
      thumbnail: small,
      ...(samples.length > 0 ? { samples } : {}),
      ...(cells?.length === small.width * small.height && styleGap !== undefined
        ? { fit: { gap: styleGap, cells } }
        : {}),
    });
  }
  return templates;
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
