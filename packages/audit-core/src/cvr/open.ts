import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { openClearBallotCsv } from './clearballot.js';
import { detectCvrLayout, type CvrLayout } from './detect.js';
import { openDominionCsv } from './dominion-csv.js';
import {
  dominionManifestKind,
  openDominionJson,
  openDominionJsonDirectory,
  openDominionJsonZip,
} from './dominion-json.js';
import { openEssCsv, openEssXlsx } from './ess.js';
import { openHartXml, openHartZip } from './hart.js';
import type { CvrProblem } from './model.js';
import type { CvrReader } from './reader.js';
import { fileSource } from './source.js';
import { walkZip } from './zip.js';

export type OpenCvrResult = { reader: CvrReader } | { problem: CvrProblem };

export interface OpenCvrOptions {
  /** ES&S companion ballots files, by path. */
  essBallots?: string[];
}

const COMPANIONS: Partial<Record<CvrLayout, string>> = {
  'dominion-json-manifest': 'a Dominion JSON manifest: open the export it belongs to',
  'ess-ballots': 'an ES&S ballots file: pass it with the CVR it belongs to',
  'ballot-manifest': 'a ballot manifest: reconcile it with a CVR instead',
};

const problem = (file: string, message: string, code: CvrProblem['code']): OpenCvrResult => ({
  problem: {
    code,
    severity: 'error',
    file,
    row: code === 'unknown-layout' ? 1 : undefined,
    message,
  },
});

/**
 * Opens any CVR the library reads, by looking at it: a file, a zip (Dominion JSON or Hart) or
 * a directory (Dominion JSON). A file no reader understands gives an `unknown-layout` problem.
 */
export async function openCvrFile(
  path: string,
  options: OpenCvrOptions = {},
): Promise<OpenCvrResult> {
  const file = basename(path);
  try {
    if ((await stat(path)).isDirectory()) return await openDirectory(path);
    const source = fileSource(path);
    const detected = await detectCvrLayout(source);
    if ('problem' in detected) return detected;
    const ballots = options.essBallots?.map((p) => fileSource(p));
    switch (detected.layout) {
      case 'dominion-csv':
        return { reader: await openDominionCsv(source) };
      case 'dominion-json':
        return { reader: await openDominionJson([source, ...(await manifestsBeside(path))]) };
      case 'ess-csv':
        return { reader: await openEssCsv(source, ballots ? { ballots } : {}) };
      case 'ess-xlsx':
        return { reader: await openEssXlsx(source, ballots ? { ballots } : {}) };
      case 'clearballot-csv':
        return { reader: await openClearBallotCsv(source) };
      case 'hart-xml':
        return { reader: openHartXml([source]) };
      case 'zip':
        return await openZip(path);
      default:
        return problem(
          file,
          `${file} is ${COMPANIONS[detected.layout] ?? 'not a CVR'}`,
          'unknown-layout',
        );
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return problem(
      file,
      reason.startsWith(file) ? reason : `${file}: ${reason}`,
      'malformed-header',
    );
  }
}

async function manifestsBeside(path: string): Promise<ReturnType<typeof fileSource>[]> {
  const directory = dirname(path);
  const names = await readdir(directory);
  return names
    .filter((name) => dominionManifestKind(name))
    .map((name) => fileSource(join(directory, name), name));
}

async function openDirectory(path: string): Promise<OpenCvrResult> {
  const names = await readdir(path);
  if (names.some((name) => dominionManifestKind(name) === 'contests')) {
    return { reader: await openDominionJsonDirectory(path) };
  }
  const sheets = names.filter((name) => name.toLowerCase().endsWith('.xml')).sort();
  if (sheets.length > 0)
    return { reader: openHartXml(sheets.map((name) => fileSource(join(path, name), name))) };
  const file = basename(path);
  return problem(
    file,
    `${file}: unknown CVR layout: no ContestManifest.json and no Hart XML inside`,
    'unknown-layout',
  );
}

async function openZip(path: string): Promise<OpenCvrResult> {
  for await (const item of walkZip(path)) {
    if (dominionManifestKind(item.name) || /CvrExport[^/]*\.json$/i.test(item.name)) {
      return { reader: await openDominionJsonZip(path) };
    }
    if (!item.name.toLowerCase().endsWith('.xml')) continue;
    const detected = await detectCvrLayout(item.source);
    if ('layout' in detected && detected.layout === 'hart-xml')
      return { reader: openHartZip(path) };
  }
  const file = basename(path);
  return problem(
    file,
    `${file}: unknown CVR layout: the zip holds no Dominion JSON export and no Hart XML`,
    'unknown-layout',
  );
}
