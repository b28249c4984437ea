import { basename } from 'node:path';

const stem = (name: string): string =>
  name
    .toLowerCase()
    .replace(/\.[a-z0-9]+$/, '')
    .replace(/\b(cvr|cast|vote|records?|ballots?|export)\b/g, '')
    .replace(/[^a-z0-9]+/g, '');

/**
 * The CVR whose name, with the usual words (`cvr`, `ballots`, `export`…) taken out, is the
 * longest start of a companion file's name; none when no name or two names fit equally.
 */
export function closestByName<T extends { key: string }>(name: string, cvrs: T[]): T | undefined {
  const own = stem(name);
  const scored = cvrs
    .map((cvr) => ({ cvr, s: stem(basename(cvr.key)) }))
    .filter(({ s }) => s.length > 0 && own.startsWith(s))
    .sort((a, b) => b.s.length - a.s.length);
  if (scored.length === 0) return undefined;
  if (scored.length > 1 && scored[0]?.s.length === scored[1]?.s.length) return undefined;
  return scored[0]?.cvr;
}
