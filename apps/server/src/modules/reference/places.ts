import { countries } from 'countries-list';
import { states } from 'states-us';
import type { Country, UsState } from '@scrutineer/contracts';
import { jurisdictionMap } from './jurisdictions.js';

const NAME_FIXES: Record<string, string> = { DC: 'District of Columbia' };

let usStateList: UsState[] | undefined;
let countryList: Country[] | undefined;

/** The states, DC and inhabited territories that have counties in the jurisdiction map. */
export function usStates(): UsState[] {
  const withCounties = jurisdictionMap();
  usStateList ??= states
    .filter((state) => withCounties[state.abbreviation] !== undefined)
    .map((state) => ({
      code: state.abbreviation,
      name: NAME_FIXES[state.abbreviation] ?? state.name,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return usStateList;
}

export function allCountries(): Country[] {
  countryList ??= Object.entries(countries)
    .map(([code, country]) => ({ name: country.name, code }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return countryList;
}

export function countryName(code: string): string | null {
  return allCountries().find((country) => country.code === code)?.name ?? null;
}

export function isUsState(code: string): boolean {
  return usStates().some((state) => state.code === code);
}
