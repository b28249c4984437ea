import type { GreyImage } from './grey.js';
import { loadPage } from './load.js';
import { matchStyle } from './match.js';
import { readBallot, type BallotReading, type ReadOptions } from './read.js';
import type { Template } from './template.js';

/** A page to read: decoded pixels or an encoded image, and its style when the CVR gives one. */
export interface PageInput {
  id: string;
  image: GreyImage | Buffer;
  page?: number;
  styleId?: string;
}

export type PageResult =
  | { id: string; reading: BallotReading; error?: undefined }
  | { id: string; reading?: undefined; error: string };

export interface BatchOptions extends Omit<ReadOptions, 'marks'> {
  onProgress?: (progress: { done: number; id: string }) => void;
}

/**
 * Reads pages one at a time so that a runner can cut a stage into batches. A page that cannot
 * be decoded or registered becomes an error result and the rest go on; cancellation stops
 * between pages.
 */
export async function* readBallots(
  pages: Iterable<PageInput> | AsyncIterable<PageInput>,
  templates: Template[],
  options: BatchOptions = {},
): AsyncGenerator<PageResult> {
  const byId = new Map(templates.map((t) => [t.id, t]));
  let done = 0;
  for await (const input of pages) {
    options.signal?.throwIfAborted();
    try {
      const image = Buffer.isBuffer(input.image)
        ? await loadPage(input.image, { page: input.page, label: input.id })
        : input.image;
      const known = input.styleId ? byId.get(input.styleId) : undefined;
      const match = known ? undefined : matchStyle(image, templates);
      const template = known ?? match?.template;
      if (!template) throw new Error(`no template for style ${input.styleId ?? '?'}`);
      yield {
        id: input.id,
        reading: readBallot(image, template, { ...options, marks: match?.marks }),
      };
    } catch (error) {
      if (options.signal?.aborted) throw error;
      yield { id: input.id, error: error instanceof Error ? error.message : String(error) };
    }
    done += 1;
    options.onProgress?.({ done, id: input.id });
  }
}
