import { describe, expect, it } from 'vitest';
import { readTokenExpiry } from './jwt';

function tokenWith(claims: object): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;
}

describe('readTokenExpiry', () => {
  it('reads the exp claim of a base64url payload', () => {
    expect(readTokenExpiry(tokenWith({ sub: '1', exp: 1_900_000_000 }))).toBe(1_900_000_000);
  });

  it('answers null for a token without exp or an unreadable token', () => {
    expect(readTokenExpiry(tokenWith({ sub: '1' }))).toBeNull();
    expect(readTokenExpiry('not-a-token')).toBeNull();
    expect(readTokenExpiry('a.%%%.c')).toBeNull();
  });
});
