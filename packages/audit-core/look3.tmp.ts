import { makeElection } from './src/index.js';
import { readUnder, VARIATIONS } from './test/image/variations.js';
for (const [name, e] of [['co', makeElection({ seed: 'corner-ovals', family: 'corner-ovals', contests: 7 })], ['co-long', makeElection({ seed: 'corner-long', family: 'corner-ovals', sides: 2, pageLength: 17, contests: 26, styles: 2 })]] as const) {
const o = await readUnder(e, VARIATIONS, VARIATIONS.length);
for (const x of o) console.log(name, x.variation, x.id, x.unread ?? '', 'right', x.right, 'gray', x.gray, 'wrong', x.wrong.length, x.wrong.slice(0,2).join('; '));
}
