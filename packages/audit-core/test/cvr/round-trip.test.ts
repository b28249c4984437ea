import { describe, expect, it } from 'vitest';
import {
  bufferSource,
  memorySink,
  openDominionCsv,
  openDominionJson,
  openEssCsv,
  textOf,
  writeDominionCsv,
  writeDominionJson,
  writeEssBallots,
  writeEssCsv,
  type CvrBallot,
  type CvrSource,
} from '../../src/cvr/index.js';
import { CONTESTS, makeBallots, RANKED, votesByName } from './election.js';
import { collect } from './fixtures.js';

describe('round trips: writer output read back', () => {
  it('Dominion CSV keeps ids, metadata, votes, blanks and overvotes', async () => {
    const ballots = makeBallots(40);
    const csv = await textOf(
      writeDominionCsv({
        election: { name: 'Test, 2026', version: '5.2' },
        contests: CONTESTS,
        ballots,
      }),
    );
    expect(csv.split('\r\n')[4]).toMatch(
      /^="1",="1",="10",="1",="1-10-1",="Mail",="Portion 1",="A",/,
    );
    const reader = await openDominionCsv(bufferSource('CVR_Export.csv', csv));
    const read = await collect(reader.ballots);
    expect(reader.problems).toEqual([]);
    expect(reader.election).toEqual({ name: 'Test, 2026', version: '5.2' });
    expect(
      reader.contests.map((c) => [c.name, c.voteFor, c.options.map((o) => o.party ?? '')]),
    ).toEqual([
      ['Mayor', 1, ['DEM', 'REP', '']],
      ['City Council', 2, ['', '', '']],
    ]);
    expect(read).toHaveLength(40);
    read.forEach((ballot, i) => {
      const original = ballots[i] as CvrBallot;
      expect(ballot).toMatchObject({
        id: original.id,
        cvrNumber: original.cvrNumber,
        countingGroup: original.countingGroup,
        precinctPortion: original.precinctPortion,
        style: original.style,
      });
      expect(votesByName(ballot, reader.contests)).toEqual(votesByName(original, CONTESTS));
    });
  });

  it('Dominion CSV refuses a ranked contest it cannot express', async () => {
    const input = { contests: [RANKED], ballots: [] };
    await expect(textOf(writeDominionCsv(input))).rejects.toThrow(/ranked contest "Sheriff"/);
  });

  it('Dominion JSON keeps ranks and both the original and the adjudicated version', async () => {
    const ballots = makeBallots(25, true);
    const adjudicated = ballots[2] as CvrBallot;
    const fixed = [
      {
        contestId: 'c-mayor',
        marks: [{ optionId: 'o-bo', rank: 1, isVote: true }],
        overvotes: 0,
        undervotes: 0,
      },
    ];
    adjudicated.versions = {
      original: {
        precinctPortion: adjudicated.precinctPortion,
        style: adjudicated.style,
        contests: adjudicated.contests,
      },
      adjudicated: {
        precinctPortion: adjudicated.precinctPortion,
        style: adjudicated.style,
        contests: fixed,
      },
      current: 'adjudicated',
    };
    const sink = memorySink();
    const contests = [...CONTESTS, RANKED];
    await writeDominionJson({ contests, ballots }, sink, { sessionsPerFile: 10 });
    expect([...sink.files.keys()].filter((name) => name.startsWith('CvrExport'))).toEqual([
      'CvrExport_1.json',
      'CvrExport_2.json',
      'CvrExport_3.json',
    ]);
    const sources: CvrSource[] = [...sink.files].map(([name, text]) => bufferSource(name, text));
    const reader = await openDominionJson(sources);
    const read = await collect(reader.ballots);
    expect(reader.problems).toEqual([]);
    expect(read.map((b) => b.id)).toEqual(ballots.map((b) => b.id));
    read.forEach((ballot, i) => {
      const original = ballots[i] as CvrBallot;
      expect(ballot).toMatchObject({
        countingGroup: original.countingGroup,
        style: original.style,
        precinctPortion: original.precinctPortion,
      });
      if (i === 2) return;
      expect(votesByName(ballot, reader.contests)).toEqual(votesByName(original, contests));
    });
    const back = read[2] as CvrBallot;
    expect(back.versions?.current).toBe('adjudicated');
    expect(votesByName(back, reader.contests)).toEqual({
      Mayor: { marks: ['Bo Smith, Jr.@1'], overvotes: 0, undervotes: 0 },
    });
    const originalVotes = votesByName(
      back,
      reader.contests,
      (b) => b.versions?.original.contests ?? [],
    );
    expect(originalVotes).toEqual(
      votesByName(adjudicated, contests, (b) => b.versions?.original.contests ?? []),
    );
    expect(reader.contests.find((c) => c.name === 'Sheriff')).toMatchObject({
      ranks: 3,
      voteFor: 1,
    });
    expect(reader.contests.find((c) => c.name === 'Mayor')?.options[2]).toMatchObject({
      isWriteIn: true,
    });
  });

  it('ES&S CSV and its ballots file keep names, ranks, undervotes and overvotes', async () => {
    const ballots = makeBallots(30, true);
    const contests = [...CONTESTS, RANKED];
    const csv = await textOf(writeEssCsv({ contests, ballots }));
    expect(csv.split('\r\n')[0]).toBe(
      'Cast Vote Record,Precinct,Ballot Style,Mayor,City Council,City Council,Sheriff Choice 1 (45),Sheriff Choice 2 (50),Sheriff Choice 3 (55)',
    );
    const ballotsFile = bufferSource('ballots.csv', await textOf(writeEssBallots(ballots)));
    const reader = await openEssCsv(bufferSource('cvr.csv', csv), { ballots: [ballotsFile] });
    const read = await collect(reader.ballots);
    expect(reader.problems).toEqual([]);
    expect(reader.contests.map((c) => [c.name, c.voteFor, c.ranks])).toEqual([
      ['Mayor', 1, 0],
      ['City Council', 2, 0],
      ['Sheriff', 1, 3],
    ]);
    read.forEach((ballot, i) => {
      const original = ballots[i] as CvrBallot;
      expect(ballot).toMatchObject({
        id: original.cvrNumber,
        tabulator: original.tabulator,
        batch: original.batch,
        record: original.record,
        precinct: original.precinct,
        style: original.style,
      });
      expect(votesByName(ballot, reader.contests)).toEqual(essView(original, contests));
    });
  });
});

/** ES&S writes `overvote` instead of the marks, so an overvoted position keeps no names. */
function essView(ballot: CvrBallot, contests: typeof CONTESTS): ReturnType<typeof votesByName> {
  const view = votesByName(ballot, contests);
  for (const [name, vote] of Object.entries(view)) {
    const ranked = contests.find((c) => c.name === name)?.ranks ?? 0;
    if (vote.overvotes === 0) continue;
    if (ranked === 0) vote.marks = [];
    else {
      const counts = new Map<string, number>();
      vote.marks.forEach((m) =>
        counts.set(m.split('@')[1] ?? '', (counts.get(m.split('@')[1] ?? '') ?? 0) + 1),
      );
      vote.marks = vote.marks.filter((m) => counts.get(m.split('@')[1] ?? '') === 1);
    }
  }
  return view;
}
