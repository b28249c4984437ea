import { districtPath, type District, type MemberRole } from '@scrutineer/contracts';
import { countryName } from '../reference/index.js';
import { districtCan } from './districts.policy.js';
import type { DistrictSummaryRow } from './districts.list.js';

export function presentDistrict(row: DistrictSummaryRow, role: MemberRole): District {
  const d = row.district;
  return {
    id: d.id,
    name: d.name,
    path: districtPath(d.country, d.stateName, d.districtName),
    country: d.country,
    country_name: countryName(d.country) ?? d.country,
    state_name: d.stateName,
    district_name: d.districtName,
    address: d.address,
    city: d.city,
    statePostalCode: d.statePostalCode,
    state_zipcode: d.statePostalCode,
    phoneNumber: d.phoneNumber,
    email: d.email,
    date: d.date,
    website: d.website,
    role,
    contact_name: row.contactName,
    contacts: row.contacts,
    elections: row.elections,
    created_at: d.createdAt.toISOString(),
    can: districtCan(role),
  };
}
