import { basename } from 'node:path';
import sharp from 'sharp';
import type { Entry } from 'yauzl';
import type { GreyImage } from '../image/grey.js';
import { loadPage } from '../image/load.js';
import { DEFAULT_PDF_DPI, openPdf } from '../image/pdf.js';
import { describeHead, namedLikeImage, sniffFormat, type PageFormat } from './format.js';
import {
  DEFAULT_ARCHIVE_LIMITS,
  openZip,
  readEntryBytes,
  zipEntries,
  type ArchiveInput,
  type ArchiveLimits,
} from './zip-entries.js';

/** One page of a ballot image in the archive. */
export interface ArchivePage {
  type: 'page';
  /** The entry's name, or `<entry>#<page>` (from 1) for entries of more than one page. */
  id: string;
  archive: string;
  entry: string;
  /** Position of the entry in the archive's directory, from 0; batches are ranges of it. */
  entryIndex: number;
  /** Page within the entry, from 0. */
  page: number;
  pages: number;
  format: PageFormat;
  /** Decoded greyscale pixels, or (with `decode: false`) the entry's bytes for `loadPage`. */
  image: GreyImage | Buffer;
}

export type ArchiveProblemCode =
  | 'unreadable-archive'
  | 'unsafe-path'
  | 'zip-bomb'
  | 'unreadable-entry'
  | 'corrupt-image'
  | 'not-an-image';

/**
 * Something that went wrong, as a line for the stage log and report. `fatal` ends the reading
 * (the archive cannot be trusted or read further); `error` skips one entry or page; `warning`
 * skips a file that is not a ballot image.
 */
export interface ArchiveProblem {
  type: 'problem';
  code: ArchiveProblemCode;
  severity: 'fatal' | 'error' | 'warning';
  archive: string;
  entry?: string;
  entryIndex?: number;
  page?: number;
  message: string;
}

export type ArchiveItem = ArchivePage | ArchiveProblem;

export interface ReadArchiveOptions {
  /** First entry index to read (inclusive), for batches. */
  from?: number;
  /** Entry index to stop before (exclusive), for batches. */
  to?: number;
  /** Decode every page to greyscale (the default), or hand on the encoded bytes. */
  decode?: boolean;
  /** Resolution PDF pages are rendered at. */
  dpi?: number;
  /** Entries decoded at once while the next are read; order is kept. */
  concurrency?: number;
  limits?: Partial<ArchiveLimits>;
  signal?: AbortSignal;
}

const reasonOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');

const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

interface EntryContext {
  archive: string;
  entry: string;
  entryIndex: number;
}

function problem(
  at: EntryContext | { archive: string },
  code: ArchiveProblemCode,
  severity: ArchiveProblem['severity'],
  message: string,
  page?: number,
): ArchiveProblem {
  const where =
    'entry' in at
      ? `${at.archive}: ${at.entry}${page === undefined ? '' : ` page ${page + 1}`}`
      : at.archive;
  return {
    type: 'problem',
    code,
    severity,
    ...at,
    ...(page === undefined ? {} : { page }),
    message: `${where}: ${message}`,
  };
}

/** Refuses an entry on what its directory record says, before unpacking a byte of it. */
function screen(at: EntryContext, entry: Entry, limits: ArchiveLimits): ArchiveProblem | null {
  const { uncompressedSize: size, compressedSize: packed } = entry;
  if (size > limits.maxEntryBytes) {
    return problem(
      at,
      'zip-bomb',
      'error',
      `unpacks to ${mib(size)}, more than the ${mib(limits.maxEntryBytes)} allowed for one entry; skipped`,
    );
  }
  const ratio = size / Math.max(packed, 1);
  if (size > limits.ratioFloorBytes && ratio > limits.maxRatio) {
    return problem(
      at,
      'zip-bomb',
      'error',
      `unpacks ${Math.round(ratio)} times larger than it is packed (at most ${limits.maxRatio} allowed); skipped as a possible zip bomb`,
    );
  }
  return null;
}

function pageId(entry: string, page: number, pages: number): string {
  return pages > 1 ? `${entry}#${page + 1}` : entry;
}

async function rasterPages(
  at: EntryContext,
  bytes: Buffer,
  format: Exclude<PageFormat, 'pdf'>,
  decode: boolean,
): Promise<ArchiveItem[]> {
  let pages: number;
  try {
    const meta = await sharp(bytes, { failOn: 'error' }).metadata();
    pages = format === 'tiff' ? (meta.pages ?? 1) : 1;
  } catch (error) {
    return [
      problem(
        at,
        'corrupt-image',
        'error',
        `cannot read the ${format.toUpperCase()} image: ${reasonOf(error)}`,
      ),
    ];
  }
  const items: ArchiveItem[] = [];
  for (let page = 0; page < pages; page += 1) {
    const base = {
      type: 'page',
      id: pageId(at.entry, page, pages),
      ...at,
      page,
      pages,
      format,
    } as const;
    if (!decode) {
      items.push({ ...base, image: bytes });
      continue;
    }
    try {
      items.push({ ...base, image: await loadPage(bytes, { page }) });
    } catch (error) {
      const reason = reasonOf(error).replace(/^cannot read ballot image \(page \d+\): /, '');
      items.push(problem(at, 'corrupt-image', 'error', `cannot decode the image: ${reason}`, page));
    }
  }
  return items;
}

async function pdfPages(
  at: EntryContext,
  bytes: Buffer,
  decode: boolean,
  dpi: number,
): Promise<ArchiveItem[]> {
  let pdf;
  try {
    pdf = await openPdf(bytes);
  } catch (error) {
    return [problem(at, 'corrupt-image', 'error', `cannot open the PDF: ${reasonOf(error)}`)];
  }
  try {
    const items: ArchiveItem[] = [];
    if (pdf.count === 0) items.push(problem(at, 'corrupt-image', 'error', 'the PDF has no pages'));
    for (let page = 0; page < pdf.count; page += 1) {
      const base = {
        type: 'page',
        id: pageId(at.entry, page, pdf.count),
        ...at,
        page,
        pages: pdf.count,
        format: 'pdf',
      } as const;
      if (!decode) {
        items.push({ ...base, image: bytes });
        continue;
      }
      try {
        items.push({ ...base, image: await pdf.render(page, dpi) });
      } catch (error) {
        items.push(
          problem(
            at,
            'corrupt-image',
            'error',
            `cannot render the PDF page: ${reasonOf(error)}`,
            page,
          ),
        );
      }
    }
    return items;
  } finally {
    pdf.close();
  }
}

async function entryItems(
  at: EntryContext,
  bytes: Buffer,
  options: ReadArchiveOptions,
): Promise<ArchiveItem[]> {
  const format = sniffFormat(bytes);
  const decode = options.decode ?? true;
  try {
    if (format === 'pdf') return await pdfPages(at, bytes, decode, options.dpi ?? DEFAULT_PDF_DPI);
    if (format) return await rasterPages(at, bytes, format, decode);
  } catch (error) {
    return [problem(at, 'corrupt-image', 'error', `cannot read the image: ${reasonOf(error)}`)];
  }
  if (namedLikeImage(at.entry)) {
    return [
      problem(
        at,
        'corrupt-image',
        'error',
        `is not a TIFF, PNG, JPEG or PDF image: ${describeHead(bytes)}`,
      ),
    ];
  }
  return [problem(at, 'not-an-image', 'warning', 'is not a ballot image; skipped')];
}

/**
 * Streams the pages of a ballot image archive (a zip of TIFF, PNG, JPEG or PDF files) in
 * archive order, with a problem line for everything it cannot read. Entries are unpacked one at
 * a time into memory, never to disk; `from`/`to` select a batch of entries by index so that a
 * runner can spread an archive over workers. A bad entry yields an `error` problem and reading
 * goes on; an archive that cannot be opened, whose directory is damaged, or that unpacks past
 * the total-size limits yields one `fatal` problem and ends.
 */
export async function* readArchive(
  input: ArchiveInput,
  options: ReadArchiveOptions = {},
): AsyncGenerator<ArchiveItem> {
  const archiveName = typeof input === 'string' ? basename(input) : input.name;
  let opened;
  try {
    opened = await openZip(input);
  } catch (error) {
    yield problem(
      { archive: archiveName },
      'unreadable-archive',
      'fatal',
      `cannot open the archive: ${reasonOf(error)}`,
    );
    return;
  }
  const { zip, name: archive, size } = opened;
  const limits = { ...DEFAULT_ARCHIVE_LIMITS, ...options.limits };
  const totalLimit = Math.min(limits.maxTotalBytes, limits.maxTotalRatio * Math.max(size, 1));
  const from = options.from ?? 0;
  const to = options.to ?? Number.POSITIVE_INFINITY;
  const depth = Math.max(1, options.concurrency ?? 2);
  const window: Promise<ArchiveItem[]>[] = [];
  let total = 0;
  let fatal: ArchiveProblem | undefined;
  try {
    try {
      for await (const z of zipEntries(zip)) {
        if (z.index >= to) break;
        const at = { archive, entry: z.name, entryIndex: z.index };
        const refused = z.unsafe
          ? problem(at, 'unsafe-path', 'error', `unsafe path in the archive (${z.unsafe}); skipped`)
          : screen(at, z.entry, limits);
        // Every batch counts from the first entry, so each reaches the same verdict. Refused
        // entries count too, though never unpacked: entries overlapping one packed stream are
        // refused one by one, yet together they are the bomb.
        if (!z.name.endsWith('/')) total += z.entry.uncompressedSize;
        if (total > totalLimit) {
          fatal = problem(
            { archive },
            'zip-bomb',
            'fatal',
            `stopped at entry ${z.index + 1} (${z.name}): the entries unpack to more than ${mib(totalLimit)} ` +
              `(${limits.maxTotalRatio} times the archive's size, at most ${mib(limits.maxTotalBytes)}); the archive looks like a zip bomb`,
          );
          break;
        }
        if (z.index < from || z.name.endsWith('/')) continue;
        options.signal?.throwIfAborted();
        if (refused) {
          window.push(Promise.resolve([refused]));
        } else {
          try {
            const bytes = await readEntryBytes(zip, z.entry, limits.maxEntryBytes);
            window.push(entryItems(at, bytes, options));
          } catch (error) {
            window.push(
              Promise.resolve([
                problem(
                  at,
                  'unreadable-entry',
                  'error',
                  `cannot unpack the entry: ${reasonOf(error)}`,
                ),
              ]),
            );
          }
        }
        while (window.length >= depth) yield* await (window.shift() as Promise<ArchiveItem[]>);
      }
    } catch (error) {
      if (options.signal?.aborted) throw error;
      fatal = problem(
        { archive },
        'unreadable-archive',
        'fatal',
        `the archive's directory is damaged; reading stopped: ${reasonOf(error)}`,
      );
    }
    for (const next of window.splice(0)) yield* await next;
    if (fatal) yield fatal;
  } finally {
    zip.close();
  }
}

/** How many directory entries (files and folders) the archive holds, from its end record. */
export async function archiveEntryCount(input: ArchiveInput): Promise<number> {
  const { zip } = await openZip(input);
  zip.close();
  return zip.entryCount;
}
