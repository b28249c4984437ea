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
import { closestByName } from './pairing.js';
import { concatReaders } from './reader.js';
import { walkZip, zipEntrySource } from './zip.js';

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
        return await openZip(path, companions.scanInfo, companions.essBallots);
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
    const layout = 'layout' in detected ? detected.layout : undefined;
    if (layout === 'hart-scan-info') scanInfo.push(source);
    else if (layout !== 'zip') essBallots.push(source);
    else
      for (const entry of await zipEntries(path)) {
        if (entry.layout === 'hart-scan-info') scanInfo.push(entry.source);
        if (entry.layout === 'ess-ballots') essBallots.push(entry.source);
      }
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

/** Layouts of a CVR table a zip may hold, read straight from the archive. */
const TABLES: ReadonlySet<CvrLayout> = new Set([
  'dominion-csv',
  'ess-csv',
  'ess-xlsx',
  'clearballot-csv',
]);

/**
 * A zip is looked into: a Dominion JSON export, Hart sheets (with any scanned-ballot-information
 * CSVs), or CVR tables (Dominion, ES&S, Clear Ballot CSV; ES&S workbooks) with the ES&S ballots
 * files that go with them. Counties send their exports zipped as they came.
 */
async function openZip(
  path: string,
  scanInfo: CvrSource[],
  outsideBallots: CvrSource[] = [],
): Promise<OpenCvrResult> {
  const inside = [...scanInfo];
  const tables: { key: string; layout: CvrLayout }[] = [];
  const ballots: string[] = [];
  let isHart = false;
  for await (const item of walkZip(path)) {
    if (dominionManifestKind(item.name) || /CvrExport[^/]*\.json$/i.test(item.name)) {
      return { reader: await openDominionJsonZip(path) };
    }
    const lower = item.name.toLowerCase();
    if (lower.endsWith('.xml')) {
      if (isHart) continue;
      const detected = await detectCvrLayout(item.source);
      isHart = 'layout' in detected && detected.layout === 'hart-xml';
      continue;
    }
    if (!/\.(csv|txt|xlsx)$/.test(lower)) continue;
    const detected = await detectCvrLayout(item.source);
    if (!('layout' in detected)) continue;
    const { layout } = detected;
    if (layout === 'hart-scan-info')
      // Small by nature; kept in memory to join as the sheets stream.
      inside.push(bufferSource(basename(item.name), await readSourceText(item.source)));
    else if (layout === 'ess-ballots') ballots.push(item.name);
    else if (TABLES.has(layout)) tables.push({ key: item.name, layout });
  }
  if (isHart)
    return { reader: openHartZip(path, { scanInfo: inside.length ? inside : undefined }) };
  if (tables.length > 0)
    return { reader: await openZipTables(path, tables, ballots, outsideBallots) };
  const file = basename(path);
  return problem(
    file,
    `${file}: unknown CVR layout: the zip holds no Dominion JSON export, no Hart XML and no CVR table (Dominion, ES&S or Clear Ballot CSV, ES&S workbook)`,
    'unknown-layout',
  );
}

async function openZipTables(
  path: string,
  tables: { key: string; layout: CvrLayout }[],
  ballots: string[],
  outsideBallots: CvrSource[],
): Promise<CvrReader> {
  const ess = tables.filter((t) => t.layout === 'ess-csv' || t.layout === 'ess-xlsx');
  const paired = new Map<string, CvrSource[]>();
  const unpaired: CvrProblem[] = [];
  for (const name of ballots) {
    const cvr = ess.length === 1 ? ess[0] : closestByName(basename(name), ess);
    if (!cvr) {
      unpaired.push({
        code: 'unknown-layout',
        severity: 'error',
        file: basename(name),
        message: `${basename(name)} is an ES&S ballots file, but neither is it the zip's only ES&S CVR's nor does its name start with one's: name it after its CVR export`,
      });
      continue;
    }
    paired.set(cvr.key, [...(paired.get(cvr.key) ?? []), zipEntrySource(path, name)]);
  }
  // Ballots files given beside the zip go with its only ES&S CVR, or the one they are named after.
  for (const source of outsideBallots) {
    const cvr = ess.length === 1 ? ess[0] : closestByName(source.name, ess);
    if (cvr) paired.set(cvr.key, [...(paired.get(cvr.key) ?? []), source]);
    else
      unpaired.push({
        code: 'unknown-layout',
        severity: 'error',
        file: source.name,
        message: `${source.name} is an ES&S ballots file, but ${basename(path)} holds no ES&S CVR it can go with`,
      });
  }
  const readers: CvrReader[] = [];
  for (const { key, layout } of tables) {
    const source = zipEntrySource(path, key);
    const options = paired.has(key) ? { ballots: paired.get(key) } : {};
    if (layout === 'dominion-csv') readers.push(await openDominionCsv(source));
    else if (layout === 'ess-csv') readers.push(await openEssCsv(source, options));
    else if (layout === 'ess-xlsx') readers.push(await openEssXlsx(source, options));
    else readers.push(await openClearBallotCsv(source));
  }
  const reader = readers.length === 1 ? (readers[0] as CvrReader) : concatReaders(readers);
  reader.problems.push(...unpaired);
  return reader;
}

/** The CSV and workbook files of a zip with their layouts, each as a source to open later. */
export async function zipEntries(
  path: string,
): Promise<{ name: string; layout: CvrLayout; source: CvrSource }[]> {
  const found: { name: string; layout: CvrLayout; source: CvrSource }[] = [];
  for await (const item of walkZip(path)) {
    if (!/\.(csv|txt|xlsx)$/i.test(item.name)) continue;
    const detected = await detectCvrLayout(item.source);
    if ('layout' in detected)
      found.push({
        name: item.name,
        layout: detected.layout,
        source: zipEntrySource(path, item.name),
      });
  }
  return found;
}

/**
 * What a zip is as a job input when it holds only companions: ES&S ballots files, Hart
 * scanned-ballot-information files or ballot manifests; undefined when it holds a CVR.
 */
export async function zipCompanionKind(path: string): Promise<CvrLayout | undefined> {
  const kinds = new Set<CvrLayout>();
  for await (const item of walkZip(path)) {
    const lower = item.name.toLowerCase();
    if (lower.endsWith('.xml') || lower.endsWith('.json')) return undefined;
    if (!/\.(csv|txt|xlsx)$/.test(lower)) continue;
    const detected = await detectCvrLayout(item.source);
    if ('layout' in detected) kinds.add(detected.layout);
  }
  const only = kinds.size === 1 ? [...kinds][0] : undefined;
  return only === 'ess-ballots' || only === 'hart-scan-info' || only === 'ballot-manifest'
    ? only
    : undefined;
}
