import { describe, expect, it } from 'vitest';
import type { UserRow } from '../users/index.js';
import { canCreateDistrict, districtCan, districtRole } from './districts.policy.js';

const user = (role: string) => ({ role, subscriptionPlan: 1 }) as UserRow;

describe('district policy', () => {
  it('gives an Admin the Auditor role and hides districts from strangers', () => {
    expect(districtRole(user('Admin'), null, false)).toBe('Auditor');
    expect(districtRole(user('User'), 'Uploader', false)).toBe('Uploader');
    expect(districtRole(user('User'), null, true)).toBe('Observer');
    expect(districtRole(user('User'), null, false)).toBeNull();
  });

  it('lets every role but User create districts, whatever its case', () => {
    expect(canCreateDistrict(user('user'))).toBe(false);
    expect(canCreateDistrict(user('User'))).toBe(false);
    expect(canCreateDistrict(user('Client'))).toBe(true);
    expect(canCreateDistrict(user('Admin'))).toBe(true);
  });

  it('lets only the Auditor update and delete', () => {
    expect(districtCan('Auditor')).toEqual({ update: true, delete: true });
    expect(districtCan('Uploader')).toEqual({ update: false, delete: false });
    expect(districtCan('Observer')).toEqual({ update: false, delete: false });
  });
});
