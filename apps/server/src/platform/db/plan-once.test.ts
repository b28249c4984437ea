import { describe, expect, it } from 'vitest';
import { namedWhenMarked } from './plan-once.js';

describe('namedWhenMarked', () => {
  it('names a marked statement after its text, and leaves the others as they came', () => {
    const marked = { text: 'select /* plan once */ 1 where $1', values: [1] };
    const named = namedWhenMarked(marked) as { name: string; text: string; values: unknown[] };
    expect(named).toMatchObject(marked);
    expect(named.name).toMatch(/^plan_once_[0-9a-f]{40}$/);
    expect((namedWhenMarked({ ...marked, values: [2] }) as { name: string }).name).toBe(named.name);
    const other = namedWhenMarked({ text: 'select /* plan once */ 2' }) as { name: string };
    expect(other.name).not.toBe(named.name);
    const plain = { text: 'select 1' };
    expect(namedWhenMarked(plain)).toBe(plain);
    const own = { text: 'select /* plan once */ 1', name: 'mine' };
    expect(namedWhenMarked(own)).toBe(own);
    expect(namedWhenMarked('select /* plan once */ 1')).toBe('select /* plan once */ 1');
  });
});
