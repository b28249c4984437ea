import type { Contact, MemberRole } from '@scrutineer/contracts';
import { districtCan } from './districts.policy.js';
import type { ContactRow } from './contacts.repository.js';

export function presentContact(row: ContactRow, districtRole: MemberRole): Contact {
  return {
    id: row.id,
    districtId: row.districtId,
    name: row.name,
    title: row.title,
    email: row.email,
    address: row.address,
    city: row.city,
    state_zipcode: row.stateZipcode,
    phone_number: row.phoneNumber,
    website: row.website,
    date: row.date,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    can: districtCan(districtRole),
  };
}
