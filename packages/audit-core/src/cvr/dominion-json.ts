import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { loadDominionManifests, type DominionLookup } from './dominion-json-manifests.js';
import { checkSession, sessionToBallot } from './dominion-json-session.js';
import { streamSessionBatches } from './dominion-json-stream.js';
import { DOMINION_MANIFESTS, type DominionManifestKind } from './dominion-json-types.js';
import type { CvrBallot } from './model.js';
import { DuplicateGuard, fromBatches, ProblemLog, type CvrReader } from './reader.js';
import {
  bufferSource,
  fileSource,
  readSourceHead,
  readSourceText,
  type CvrSource,
} from './source.js';
import { walkZip } from './zip.js';

type ManifestSources = Partial<Record<DominionManifestKind, CvrSource>>;

const EXPORT_FILE = /(^|\/)CvrExport[^/]*\.json$/i;

/** Which manifest a file name is, if any. */
export function dominionManifestKind(name: string): DominionManifestKind | undefined {
  const file = basename(name).toLowerCase();
  const kinds = Object.keys(DOMINION_MANIFESTS) as DominionManifestKind[];
  return kinds.find((kind) => DOMINION_MANIFESTS[kind].toLowerCase() === file);
}

/** Orders `CvrExport_2.json` before `CvrExport_10.json`. */
const byExportNumber = (a: string, b: string): number =>
  a.localeCompare(b, 'en', { numeric: true });

/**
 * Opens a Dominion JSON export from its files: the manifests are read now, the
 * `CvrExport*.json` files are streamed session by session when `ballots` is iterated.
 */
export async function openDominionJson(sources: CvrSource[]): Promise<CvrReader> {
  const manifests: ManifestSources = {};
  for (const source of sources) {
    const kind = dominionManifestKind(source.name);
    if (kind) manifests[kind] = source;
  }
  const exports = sources
    .filter((source) => EXPORT_FILE.test(source.name))
    .sort((a, b) => byExportNumber(a.name, b.name));
  const electionId = exports[0] ? await readElectionId(exports[0]) : undefined;
  return openParts(
    manifests,
    async function* () {
      yield* exports;
    },
    electionId,
  );
}

/** `ElectionId` sits before `Sessions` in every export, so the first kilobytes hold it. */
async function readElectionId(source: CvrSource): Promise<string | undefined> {
  const head = (await readSourceHead(source, 4096)).toString('utf8');
  const literal = /"ElectionId"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(head)?.[1];
  return literal ? (JSON.parse(literal) as string) : undefined;
}

/** Opens an export unpacked into a directory. */
export async function openDominionJsonDirectory(directory: string): Promise<CvrReader> {
  const names = await readdir(directory);
  return openDominionJson(names.map((name) => fileSource(join(directory, name), name)));
}

/** Opens an export still in its zip: one pass reads the manifests, a second streams sessions. */
export async function openDominionJsonZip(path: string): Promise<CvrReader> {
  const manifests: ManifestSources = {};
  for await (const item of walkZip(path)) {
    const kind = dominionManifestKind(item.name);
    if (kind) manifests[kind] = bufferSource(item.name, await readSourceText(item.source));
  }
  return openParts(manifests, async function* () {
    for await (const item of walkZip(path)) {
      if (EXPORT_FILE.test(item.name)) yield item.source;
    }
  });
}

async function openParts(
  manifests: ManifestSources,
  exports: () => AsyncIterable<CvrSource>,
  electionId?: string,
): Promise<CvrReader> {
  const lookup = await loadDominionManifests(manifests);
  const log = new ProblemLog();
  return {
    format: 'dominion-json',
    election: { ...(electionId ? { name: electionId } : {}), version: lookup.version },
    contests: lookup.contests,
    problems: log.problems,
    ...fromBatches(streamBatches(lookup, exports(), log)),
  };
}

async function* streamBatches(
  lookup: DominionLookup,
  exports: AsyncIterable<CvrSource>,
  log: ProblemLog,
): AsyncGenerator<CvrBallot[]> {
  const guard = new DuplicateGuard(log);
  for await (const source of exports) {
    const file = source.name;
    let read = 0;
    try {
      for await (const sessions of streamSessionBatches(source)) {
        const out: CvrBallot[] = [];
        for (const { index, value } of sessions) {
          read = index + 1;
          const session = checkSession(value);
          if (typeof session === 'string') {
            log.error('malformed-row', file, undefined, `${file} session ${index + 1} ${session}`);
            continue;
          }
          const ballot = sessionToBallot(session, lookup, { file, index }, log);
          const record = session.RecordId;
          // A record id that is a whole number below a billion is written as its digits.
          out.push(
            Number.isInteger(record) && record >= 0 && record <= 999_999_999
              ? guard.checkRecord(ballot, ballot.tabulator ?? '', ballot.batch ?? '', record)
              : guard.check(ballot),
          );
        }
        if (out.length > 0) yield out;
      }
    } catch (error) {
      // One broken file must not hide the others; it is named so that it can be re-exported.
      const reason = error instanceof Error ? error.message : String(error);
      const where = read > 0 ? `after session ${read}` : 'before its first session';
      const message = `${file} could not be read ${where}: ${reason}`;
      log.error('unreadable-file', file, undefined, message);
    }
  }
}
