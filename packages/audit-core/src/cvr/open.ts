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
import { bufferSource, fileSource, readSourceText, type CvrSource } from './source.js';
import { walkZip } from './zip.js';

export type OpenCvrResult = { reader: CvrReader } | { problem: CvrProblem };

export interface OpenCvrOptions {
  /** ES&S companion ballots files, by path. */
  essBallots?: string[];
  /**
   * Companion files by path, whatever they are: ES&S ballots files go to an ES&S CVR, Hart
   * scanned-ballot-information CSVs to Hart sheets.
   */
  companions?: string[];
}

const COMPANIONS: Partial<Record<CvrLayout, string>> = {
  'dominion-json-manifest': 'a Dominion JSON manifest: open the export it belongs to',
  'ess-ballots': 'an ES&S ballots file: pass it with the CVR it belongs to',
  'hart-scan-info':
    'a Hart scanned ballot information file: pass it with the Hart CVR sheets it belongs to',
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
    const companions = await sortCompanions(options);
    const scanInfo = companions.scanInfo.length ? companions.scanInfo : undefined;
    if ((await stat(path)).isDirectory()) return await openDirectory(path, companions.scanInfo);
    const source = fileSource(path);
    const detected = await detectCvrLayout(source);
    if ('problem' in detected) return detected;
    const ballots = companions.essBallots.length ? companions.essBallots : undefined;
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
        return { reader: openHartXml([source], { scanInfo }) };
      case 'zip':
        return await openZip(path, companions.scanInfo);
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

/** Companion files by what they are. */
async function sortCompanions(
  options: OpenCvrOptions,
): Promise<{ essBallots: CvrSource[]; scanInfo: CvrSource[] }> {
  const essBallots = (options.essBallots ?? []).map((p) => fileSource(p));
  const scanInfo: CvrSource[] = [];
  for (const path of options.companions ?? []) {
    const source = fileSource(path);
    const detected = await detectCvrLayout(source);
    if ('layout' in detected && detected.layout === 'hart-scan-info') scanInfo.push(source);
    else essBallots.push(source);
  }
  return { essBallots, scanInfo };
}

async function openDirectory(path: string, scanInfo: CvrSource[]): Promise<OpenCvrResult> {
  const names = await readdir(path);
  if (names.some((name) => dominionManifestKind(name) === 'contests')) {
    return { reader: await openDominionJsonDirectory(path) };
  }
  const sheets = names.filter((name) => name.toLowerCase().endsWith('.xml')).sort();
  const inside = [...scanInfo];
  for (const name of names.filter((n) => n.toLowerCase().endsWith('.csv')).sort()) {
    const source = fileSource(join(path, name), name);
    const detected = await detectCvrLayout(source);
    if ('layout' in detected && detected.layout === 'hart-scan-info') inside.push(source);
  }
  if (sheets.length > 0)
    return {
      reader: openHartXml(
        sheets.map((name) => fileSource(join(path, name), name)),
        { scanInfo: inside.length ? inside : undefined },
      ),
    };
  const file = basename(path);
  return problem(
    file,
    `${file}: unknown CVR layout: no ContestManifest.json and no Hart XML inside`,
    'unknown-layout',
  );
}

async function openZip(path: string, scanInfo: CvrSource[]): Promise<OpenCvrResult> {
  const inside = [...scanInfo];
  let isHart = false;
  for await (const item of walkZip(path)) {
    if (dominionManifestKind(item.name) || /CvrExport[^/]*\.json$/i.test(item.name)) {
      return { reader: await openDominionJsonZip(path) };
    }
    const lower = item.name.toLowerCase();
    if (lower.endsWith('.csv')) {
      // Scanned-ballot-information CSVs are small; kept in memory to join as the sheets stream.
      const text = await readSourceText(item.source, 64 * 1024 * 1024);
      const source = bufferSource(basename(item.name), text);
      const detected = await detectCvrLayout(source);
      if ('layout' in detected && detected.layout === 'hart-scan-info') inside.push(source);
      continue;
    }
    if (isHart || !lower.endsWith('.xml')) continue;
    const detected = await detectCvrLayout(item.source);
    isHart = 'layout' in detected && detected.layout === 'hart-xml';
  }
  if (isHart)
    return { reader: openHartZip(path, { scanInfo: inside.length ? inside : undefined }) };
  const file = basename(path);
  return problem(
    file,
    `${file}: unknown CVR layout: the zip holds no Dominion JSON export and no Hart XML`,
    'unknown-layout',
  );
}
