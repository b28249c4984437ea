import { describe, expect, it } from 'vitest';
import {
  bufferSource,
  openDominionJson,
  openDominionJsonDirectory,
  type CvrBallot,
} from '../../src/cvr/index.js';
import { collect, realCvr, realCvrPath } from './fixtures.js';

const ALASKA = 'dominion_json/alaska_2024_partial';

describe('openDominionJson', () => {
  it('reads the Alaska 2024 sessions through the manifests', async () => {
    const reader = await openDominionJsonDirectory(realCvrPath(ALASKA));
    const ballots = await collect(reader.ballots);
    expect(reader.contests).toHaveLength(73);
    expect(reader.contests.reduce((n, contest) => n + contest.options.length, 0)).toBe(209);
    const perFile = (file: string): CvrBallot[] => ballots.filter((b) => b.source.file === file);
    expect(perFile('CvrExport_1731.json')).toHaveLength(3);
    expect(perFile('CvrExport_1732.json')).toHaveLength(8);
    expect(perFile('CvrExport_1733.json')).toHaveLength(1);
    expect(perFile('CvrExport_1732.json').every((b) => b.contests.length === 20)).toBe(true);
    expect(perFile('CvrExport_1733.json')[0]?.contests).toHaveLength(21);
    expect(reader.problems).toEqual([]);
    expect(reader.election).toEqual({ name: '2024 General Election', version: '5.17.18.1' });
  });

  it('keeps ranks, uncounted marks, outstack conditions and ambiguity', async () => {
    const reader = await openDominionJsonDirectory(realCvrPath(ALASKA));
    const ballots = await collect(reader.ballots);
    const second = ballots.find((b) => b.id === '92302-17-3');
    expect(second).toMatchObject({
      tabulator: '92302',
      batch: '17',
      record: '3',
      sheet: 1,
      countingGroup: 'Absentee',
      style: 'Ballot 2 - Type 2',
      versions: { current: 'original' },
    });
    const president = second?.contests.find((c) => c.contestId === '4');
    expect(president?.marks.map((m) => [m.optionId, m.rank])).toEqual([
      ['542', 1],
      ['545', 2],
      ['541', 3],
    ]);
    const house = second?.contests.find((c) => c.contestId === '7');
    expect(house?.conditions).toEqual(['InvalidContest']);
    expect(house?.marks.every((m) => !m.isVote)).toBe(true);
    const ambiguous = ballots
      .filter((b) => b.source.file === 'CvrExport_1732.json')
      .flatMap((b) => b.contests.flatMap((c) => c.marks.filter((m) => m.isAmbiguous)));
    expect(ambiguous).toHaveLength(7);
  });

  it('names the file and session of a malformed session and reads on', async () => {
    const manifests = ['ContestManifest.json', 'CandidateManifest.json'].map((name) =>
      realCvr(`${ALASKA}/${name}`),
    );
    const broken = bufferSource(
      'CvrExport_9.json',
      JSON.stringify({ Version: '5', ElectionId: 'x', Sessions: [{ TabulatorId: 'a' }] }),
    );
    const truncated = bufferSource('CvrExport_10.json', '{"Sessions":[{"TabulatorId":1,');
    const reader = await openDominionJson([...manifests, broken, truncated]);
    expect(await collect(reader.ballots)).toEqual([]);
    expect(reader.problems.map((p) => [p.code, p.file])).toEqual([
      ['malformed-row', 'CvrExport_9.json'],
      ['unreadable-file', 'CvrExport_10.json'],
    ]);
    expect(reader.problems[0]?.message).toBe(
      'CvrExport_9.json session 1 has no numeric TabulatorId',
    );
  });

  it('refuses an export without its contest manifest', async () => {
    await expect(openDominionJson([realCvr(`${ALASKA}/CvrExport_1731.json`)])).rejects.toThrow(
      /ContestManifest/,
    );
  });
});
