import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTemplate, loadPage, readBallot, type Template } from '../../src/index.js';

const root = join(import.meta.dirname, '../fixtures/real/images/juneau_2009_two_sided');

/** Contests in layout order (column, then top to bottom), option labels as the results name them. */
const front: [string, number, string[]][] = [
  [
    'School Board',
    3,
    ['Peters', 'Choate', 'Carlson', 'Marks', 'Story', 'writein', 'writein', 'writein'],
  ],
  ['Assembly 1', 1, ['Lawfer', 'Stone', 'writein']],
  ['Assembly 2', 1, ['Madsen', 'Danner', 'writein']],
  ['Mayor', 1, ['Farmer', 'Botelho', 'writein']],
];
const back: [string, number, string[]][] = [
  ['Prop1', 1, ['Yes', 'No']],
  ['Prop2', 1, ['Yes', 'No']],
];

async function template(file: string, contests: typeof front): Promise<Template> {
  return buildTemplate(await loadPage(await readFile(join(root, 'blankballots', file))), {
    id: file,
    contests: contests.map(([id, voteFor]) => ({ id, voteFor })),
    meanings: contests.flatMap(([contestId, , options]) =>
      options.map((label, i) => ({ contestId, optionId: `${i}:${label}` })),
    ),
  });
}

describe('Juneau 2009 two-sided scans', () => {
  it('gives image-side totals of both sides equal to the published results', async () => {
    const sides = [await template('blank-1.tif', front), await template('blank-2.tif', back)];
    expect(sides.map((t) => t.targets.length)).toEqual([17, 4]);
    const tally = new Map<
      string,
      { votes: number[]; over: number; under: number; ballots: number }
    >();
    for (const [id, , options] of [...front, ...back])
      tally.set(id, { votes: options.map(() => 0), over: 0, under: 0, ballots: 0 });
    const names = (await readdir(join(root, 'votedballots'))).filter((n) => n.endsWith('.tif'));
    expect(names).toHaveLength(12);
    for (const name of names.sort()) {
      const side = name.endsWith('-1.tif') ? sides[0] : sides[1];
      const page = await loadPage(await readFile(join(root, 'votedballots', name)), {
        label: name,
      });
      const reading = readBallot(page, side as Template);
      expect(reading.registration.matched, name).toBe(reading.registration.total);
      expect(reading.hasGray, name).toBe(false);
      for (const c of reading.contests) {
        const t = tally.get(c.contestId);
        if (!t) throw new Error(`contest ${c.contestId}`);
        t.ballots += 1;
        // As the published results count them: a ballot is over or under once in a contest.
        if (c.isOvervote) t.over += 1;
        else if (c.votes.length === 0) t.under += 1;
        else
          for (const v of c.votes) {
            const i = Number(v.split(':')[0]);
            t.votes[i] = (t.votes[i] ?? 0) + 1;
          }
      }
    }
    const lines: string[] = [];
    for (const [id, , options] of [...front, ...back]) {
      const t = tally.get(id);
      if (!t) continue;
      lines.push(id, ...options.map((o, i) => `\t${o}: ${t.votes[i]}`));
      lines.push(
        `\tOver Votes: ${t.over}`,
        `\tUnder Votes: ${t.under}`,
        `\tTotal Ballots: ${t.ballots}`,
      );
    }
    // The published file lists the contests in its own order: compare contest by contest.
    const published = (await readFile(join(root, 'election_results.txt'), 'utf8'))
      .split(/\r?\n/)
      .filter((l) => l.trim() && !/^(-+|TOTAL)$/.test(l.trim()));
    const byContest = (list: string[]): Map<string, string[]> => {
      const out = new Map<string, string[]>();
      let current = '';
      for (const l of list)
        if (!l.startsWith('\t')) out.set((current = l.trim()), []);
        else out.get(current)?.push(l.trim());
      return out;
    };
    expect(Object.fromEntries(byContest(lines))).toEqual(Object.fromEntries(byContest(published)));
  }, 120_000);
});
