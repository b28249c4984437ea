import { describe, expect, it } from 'vitest';
import { builtOnce } from './built-once.js';
import type { Executor } from './database.js';

describe('builtOnce', () => {
  it('builds a statement once per name and database, under that name', async () => {
    const built: string[] = [];
    const build = (name: string) => {
      built.push(name);
      return { execute: async () => name };
    };
    const [one, two] = [{}, {}] as unknown as Executor[];
    const first = builtOnce(one!, 'page_a', build);
    expect(builtOnce(one!, 'page_a', build)).toBe(first);
    expect(await first.execute()).toBe('page_a');
    builtOnce(one!, 'page_b', build);
    builtOnce(two!, 'page_a', build);
    expect(built).toEqual(['page_a', 'page_b', 'page_a']);
  });
});
