import { describe, expect, it } from 'vitest';
import type { UserRow } from '../users/index.js';
import { electionCan, electionRole, memberCan } from './elections.policy.js';

const user = (role: string) => ({ role, subscriptionPlan: 1 }) as UserRow;

describe('election policy', () => {
  it('gives an Admin the Auditor role and strangers none', () => {
    expect(electionRole(user('Admin'), null)).toBe('Auditor');
    expect(electionRole(user('User'), 'Observer')).toBe('Observer');
    expect(electionRole(user('User'), null)).toBeNull();
  });

  it('keeps Observers and Uploaders read-only', () => {
    expect(electionCan('Auditor')).toEqual({ update: true, delete: true });
    expect(electionCan('Uploader')).toEqual({ update: false, delete: false });
    expect(electionCan('Observer')).toEqual({ update: false, delete: false });
  });

  it('lets the Auditor manage other members but not their own row', () => {
    expect(memberCan('Auditor', 1, 2)).toEqual({ update: true, delete: true });
    expect(memberCan('Auditor', 1, 1)).toEqual({ update: false, delete: false });
    expect(memberCan('Uploader', 1, 2)).toEqual({ update: false, delete: false });
  });
});
