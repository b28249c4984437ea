import {
  ELECTION_MESSAGES,
  type ElectionCreateBody,
  type ElectionUpdateBody,
} from '@scrutineer/contracts';
import { badRequest } from '../../platform/errors.js';
import type { ElectionRow } from './elections.repository.js';

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The district's place, checked against what the form sent (a sent field must match). */
export function placeFromDistrict(
  body: Pick<ElectionCreateBody, 'country' | 'state' | 'county'>,
  district: { country: string; stateName: string; districtName: string },
): { country: string; state: string; county: string } {
  const pairs = [
    ['country', 'Country', body.country, district.country],
    ['state', 'State', body.state, district.stateName],
    ['county', 'District', body.county, district.districtName],
  ] as const;
  for (const [field, label, sent, fixed] of pairs) {
    if (sent && !same(sent, fixed))
      throw badRequest(`${field}: ${label} ${ELECTION_MESSAGES.districtMismatch}`);
  }
  return { country: district.country, state: district.stateName, county: district.districtName };
}

/** Refuses an update that changes a field fixed at creation, naming the field. */
export function assertLockedUnchanged(current: ElectionRow, body: ElectionUpdateBody): void {
  const checks: [string, string, boolean][] = [
    ['e_type', 'Type', body.e_type !== undefined && body.e_type !== current.eType],
    ['privacy', 'Privacy', body.privacy !== undefined && body.privacy !== current.privacy],
    ['country', 'Country', body.country !== undefined && !same(body.country, current.country)],
    ['state', 'State', body.state !== undefined && !same(body.state, current.state)],
    ['county', 'District', body.county !== undefined && !same(body.county, current.county)],
    [
      'districtId',
      'District',
      body.districtId !== undefined && body.districtId !== current.districtId,
    ],
    ['date', 'Date', body.date !== undefined && body.date !== current.date],
  ];
  const changed = checks.find(([, , isChanged]) => isChanged);
  if (changed) throw badRequest(`${changed[0]}: ${changed[1]} ${ELECTION_MESSAGES.locked}`);
}
