/** Spaces are dropped from every part of a jurisdiction path (spec part 2, section 2). */
const compact = (text: string) => text.replace(/\s+/g, '');

/** The district `name`: `country_state_districtname`, spaces removed. */
export function districtName(country: string, state: string, district: string): string {
  return [country, state, district].map(compact).join('_');
}

/** The district path shown before creating one: `country/state/country_state_districtname`. */
export function districtPath(country: string, state: string, district: string): string {
  return [compact(country), compact(state), districtName(country, state, district)].join('/');
}

/**
 * The election path (`address`): country, state and jurisdiction with spaces removed, then the
 * type as spelled, then the date without dashes; `/` separates parts as in the district path.
 */
export function electionPath(input: {
  country: string;
  state: string;
  county: string;
  e_type: string;
  date: string;
}): string {
  const parts = [compact(input.country), compact(input.state), compact(input.county)];
  return [...parts, input.e_type, input.date.replaceAll('-', '')].join('/');
}
