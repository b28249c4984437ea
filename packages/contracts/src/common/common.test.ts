import { describe, expect, it } from 'vitest';
// Through the package entry, as every consumer loads it (it installs the message config).
import { signUpBodySchema } from '../index.js';
import { buildPath } from './route.js';
import { decodePassword, encodePassword, encodedPasswordSchema } from './common.schemas.js';

describe('password encoding', () => {
  it('round-trips non-ASCII passwords through base64', () => {
    for (const plain of ['correct horse', 'pässwörd ünïcode', '密码密码密码', '']) {
      expect(decodePassword(encodePassword(plain))).toBe(plain);
    }
    expect(encodePassword('abc')).toBe('YWJj');
  });

  it('accepts only base64 text', () => {
    expect(encodedPasswordSchema.safeParse('YWJj').success).toBe(true);
    expect(encodedPasswordSchema.safeParse('not base64!').success).toBe(false);
    expect(encodedPasswordSchema.safeParse('YWJ').success).toBe(false);
  });
});

describe('buildPath', () => {
  it('fills and encodes path parameters', () => {
    expect(buildPath('/district-contacts/:districtId/:id', { districtId: 4, id: 'a b' })).toBe(
      '/district-contacts/4/a%20b',
    );
  });

  it('refuses a missing parameter', () => {
    expect(() => buildPath('/elections/:id', {})).toThrow('Missing path parameter id');
  });
});

describe('validation messages', () => {
  it("reports a missing field as the spec's 'Required.'", () => {
    const result = signUpBodySchema.safeParse({ email: 'a@example.org', password: 'YWJj' });
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((item) => item.path[0] === 'first_name');
    expect(issue?.message).toBe('Required.');
  });
});
