import { fileURLToPath } from 'node:url';
import { fileSource, type CvrSource } from '../../src/cvr/index.js';

/** Path of a real sample copied into the repository (see fixtures/real/cvr/SOURCES.md). */
export function realCvrPath(relative: string): string {
  return fileURLToPath(new URL(`../fixtures/real/cvr/${relative}`, import.meta.url));
}

export function realCvr(relative: string): CvrSource {
  return fileSource(realCvrPath(relative));
}

/** Drains an async iterable into an array (the samples are small). */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
