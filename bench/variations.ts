// Robustness of registration and reading across the variations real scans bring: each family
// the generator prints, each variation a batch of its own (COUNT sheets), read as extractvote
// reads a batch. Counts only: a sheet not read, a target read wrong without a gray flag.
import os from 'node:os';
import { makeElection, makeSharedLayoutElection } from '../packages/audit-core/src/index.js';
import { readUnder, VARIATIONS } from '../packages/audit-core/test/image/variations.js';
import { machineLine, writeSection } from './lib/results.js';

const families = {
  'timing marks, one style': makeElection({
    seed: 'var-one',
    styles: 1,
    precincts: 1,
    contests: 4,
  }),
  'timing marks, many styles': makeElection({ seed: 'var-many', styles: 3, contests: 5 }),
  'two-sided': makeElection({ seed: 'var-two', sides: 2, contests: 6 }),
  'Hart-like': makeElection({ seed: 'var-hart', family: 'hart', contests: 6 }),
  'connect-the-arrow': makeElection({ seed: 'var-arrow', family: 'arrow', contests: 5 }),
  'shared layout': makeSharedLayoutElection({ seed: 'var-shared' }),
};
const COUNT = Number(process.env.COUNT ?? 10);
const load = os.loadavg()[0] ?? 0;
const rows: string[] = [];
const notes: string[] = [];
for (const [name, election] of Object.entries(families)) {
  for (const v of VARIATIONS) {
    const out = await readUnder(election, [v], COUNT);
    const unread = out.filter((o) => o.unread);
    const wrong = out.flatMap((o) => o.wrong.map((w) => `${o.id} ${w}`));
    const gray = out.reduce((s, o) => s + o.gray, 0);
    const right = out.reduce((s, o) => s + o.right, 0);
    rows.push(`| ${name} | ${v.name} | ${unread.length} | ${wrong.length} | ${gray} | ${right} |`);
    for (const u of unread.slice(0, 2))
      notes.push(`- ${name}, ${v.name}: ${u.id} not read: ${u.unread}`);
    for (const w of wrong.slice(0, 2)) notes.push(`- ${name}, ${v.name}: ${w}`);
    console.log(rows.at(-1));
  }
}
const body = [
  `Run: \`npx tsx bench/variations.ts\` (COUNT=${COUNT} sheets a family and variation; templates from each style's blank print, samples and style gaps as gentemplates measures them; gray bands per batch).`,
  machineLine(),
  `Load average at the start: ${load.toFixed(1)} (counts do not depend on it).`,
  '',
  '| family | variation | sheets not read | read wrong, no gray flag | gray | right |',
  '|---|---|---|---|---|---|',
  ...rows,
  '',
  ...(notes.length
    ? ['What went wrong:', '', ...notes]
    : ['Every sheet was read; no target was read wrong without a gray flag.']),
].join('\n');
await writeSection('Audit engine: every family under scan variations', body);
console.log(body);
