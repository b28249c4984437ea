import { DISTRICT_MESSAGES } from '@scrutineer/contracts';
import { badRequest } from '../../platform/errors.js';
import { countryName, findJurisdiction, isUsState } from '../reference/index.js';

export interface Place {
  country: string;
  stateName: string;
  districtName: string;
}

/**
 * Checks a district's place against the reference lists: a known country; for the US a state
 * code and one of its counties or county-equivalents, stored in the list's spelling.
 */
export function resolvePlace(input: {
  country: string;
  state_name: string;
  district_name: string;
}): Place {
  if (!countryName(input.country)) throw badRequest(`country: ${DISTRICT_MESSAGES.unknownCountry}`);
  if (input.country !== 'US') {
    return {
      country: input.country,
      stateName: input.state_name,
      districtName: input.district_name,
    };
  }
  const stateName = input.state_name.toUpperCase();
  if (!isUsState(stateName)) throw badRequest(`state_name: ${DISTRICT_MESSAGES.unknownState}`);
  const districtName = findJurisdiction(stateName, input.district_name);
  if (!districtName) throw badRequest(`district_name: ${DISTRICT_MESSAGES.unknownJurisdiction}`);
  return { country: 'US', stateName, districtName };
}

const LOCKED_LABELS = { country: 'Country', state_name: 'State', district_name: 'District' };

/** Refuses an update that changes a field fixed at creation, naming the field. */
export function assertPlaceUnchanged(current: Place, sent: Place): void {
  const pairs = [
    ['country', current.country, sent.country],
    ['state_name', current.stateName, sent.stateName],
    ['district_name', current.districtName, sent.districtName],
  ] as const;
  for (const [field, was, now] of pairs) {
    if (was.toLowerCase() !== now.toLowerCase())
      throw badRequest(`${field}: ${LOCKED_LABELS[field]} ${DISTRICT_MESSAGES.locked}`);
  }
}
