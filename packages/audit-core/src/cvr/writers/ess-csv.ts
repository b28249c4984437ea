import type { ContestDefinition, ContestVote, CvrBallot } from '../model.js';
import { csvLine, type CvrWriteInput } from './sink.js';

/** The header cells of one contest: one per position, or per rank for a ranked contest. */
function contestHeaders(contest: ContestDefinition, counter: { next: number }): string[] {
  if (contest.ranks > 0) {
    return Array.from({ length: contest.ranks }, (_, i) => {
      counter.next += 5;
      return `${contest.name} Choice ${i + 1} (${counter.next})`;
    });
  }
  return Array.from({ length: Math.max(1, contest.voteFor) }, () => contest.name);
}

/** The cells of one contest: option names, then `undervote`; `overvote` where too many. */
function contestCells(contest: ContestDefinition, vote: ContestVote | undefined): string[] {
  const width = contest.ranks > 0 ? contest.ranks : Math.max(1, contest.voteFor);
  if (!vote) return Array.from({ length: width }, () => '');
  const names = new Map(contest.options.map((option) => [option.id, option.name]));
  const marks = vote.marks.filter((mark) => mark.isVote);
  if (contest.ranks > 0) {
    return Array.from({ length: width }, (_, i) => {
      const atRank = marks.filter((mark) => mark.rank === i + 1);
      if (atRank.length > 1) return 'overvote';
      const mark = atRank[0];
      return mark ? (names.get(mark.optionId) ?? mark.optionId) : 'undervote';
    });
  }
  if (marks.length > width) return Array.from({ length: width }, () => 'overvote');
  const chosen = marks.map((mark) => names.get(mark.optionId) ?? mark.optionId);
  return [...chosen, ...Array.from({ length: width - chosen.length }, () => 'undervote')];
}

/**
 * Writes an ES&S cast vote record CSV: `Cast Vote Record, Precinct, Ballot Style`, then the
 * contests, with option names in the cells as ES&S exports them.
 */
export async function* writeEssCsv(input: CvrWriteInput): AsyncGenerator<string> {
  const counter = { next: 40 };
  const headers = input.contests.flatMap((contest) => contestHeaders(contest, counter));
  yield csvLine(['Cast Vote Record', 'Precinct', 'Ballot Style', ...headers]);
  let count = 0;
  for await (const ballot of input.ballots) {
    count += 1;
    yield csvLine(essRow(ballot, count, input.contests));
  }
}

function essRow(ballot: CvrBallot, count: number, contests: ContestDefinition[]): string[] {
  const votes = new Map(ballot.contests.map((vote) => [vote.contestId, vote]));
  return [
    ballot.cvrNumber ?? String(count),
    ballot.precinct ?? '',
    ballot.style ?? '',
    ...contests.flatMap((contest) => contestCells(contest, votes.get(contest.id))),
  ];
}

/**
 * Writes an ES&S "ballots" companion file for the same ballots: it carries each CVR's batch,
 * and its tabulator and record packed into the 10-digit Tabulator CVR.
 */
export async function* writeEssBallots(
  ballots: Iterable<CvrBallot> | AsyncIterable<CvrBallot>,
): AsyncGenerator<string> {
  const columns = ['Cast Vote Record', 'Batch', 'Ballot Status', 'Original Ballot Exception'];
  const tail = ['Remaining Ballot Exception', 'Write-in Type', 'Results Report', 'Reporting Group'];
  yield 'Ballots\r\n\r\n';
  yield csvLine([...columns, ...tail, 'Tabulator CVR', 'Precinct ID']);
  let count = 0;
  for await (const ballot of ballots) {
    count += 1;
    const tabulator = Number(ballot.tabulator ?? 0);
    const record = Number(ballot.record ?? count);
    if (!(tabulator >= 0 && tabulator < 1e4 && record >= 0 && record < 1e6)) {
      throw new Error(`ballot ${ballot.id}: ES&S needs tabulator < 10000 and record < 1000000`);
    }
    const tabulatorCvr = `${String(tabulator).padStart(4, '0')}${String(record).padStart(6, '0')}`;
    const cvr = ballot.cvrNumber ?? String(count);
    yield csvLine([
      cvr,
      ballot.batch ?? '',
      'Not Reviewed',
      '',
      '',
      '',
      'N',
      '',
      tabulatorCvr,
      ballot.precinct ?? '',
    ]);
  }
  yield csvLine([`Total : ${count}`]);
}
