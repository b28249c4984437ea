/**
 * Ballot image archives. `readArchive(pathOrRangeSource, options)` streams a zip of TIFF
 * (multi-page, CCITT Group 4), PNG, JPEG and PDF files as `ArchiveItem`s in archive order:
 * `{ type: 'page', id, entry, entryIndex, page, pages, format, image }` for every page (image
 * decoded to greyscale, or the entry's bytes with `decode: false`, fit for `loadPage`), and
 * `{ type: 'problem', code, severity, entry, message }` lines naming the archive and entry for
 * whatever cannot be read. `from`/`to` read a batch of entry indexes (`archiveEntryCount` gives
 * the total from the zip's end record). Unsafe paths, zip bombs and corrupt images skip their
 * entry; an unreadable or truncated archive ends with one fatal problem.
 */
export {
  readArchive,
  archiveEntryCount,
  type ArchiveItem,
  type ArchivePage,
  type ArchiveProblem,
  type ArchiveProblemCode,
  type ReadArchiveOptions,
} from './reader.js';
export {
  DEFAULT_ARCHIVE_LIMITS,
  type ArchiveInput,
  type ArchiveLimits,
  type ArchiveRangeSource,
} from './zip-entries.js';
export { sniffFormat, type PageFormat } from './format.js';
