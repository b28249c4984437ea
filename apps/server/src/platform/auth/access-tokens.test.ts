import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from './access-tokens.js';

const claims = { userId: 7, role: 'User', tokenVersion: 2, sessionId: randomUUID() };

afterEach(() => vi.useRealTimers());

describe('access tokens', () => {
  it('answer the same claims on every call until the token expires, then none', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
    const tokens = createAccessTokens('a secret of enough length for HS256', 60);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-27T12:00:59Z'));
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-27T12:01:00Z'));
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuse a changed token, and one signed with another key, after the real one was checked', async () => {
    const tokens = createAccessTokens('a secret of enough length for HS256', 60);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    const [header, payload, signature] = token.split('.');
    const changed = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object;
    const forged = Buffer.from(JSON.stringify({ ...changed, sub: '1' })).toString('base64url');
    expect(await tokens.verify(`${header}.${forged}.${signature}`)).toBeNull();
    const at = token.length - 10;
    const flipped = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect(await tokens.verify(flipped)).toBeNull();
    const other = createAccessTokens('another secret of enough length too', 60);
    expect(await tokens.verify(await other.sign(claims))).toBeNull();
    expect(await other.verify(token)).toBeNull();
  });
});
