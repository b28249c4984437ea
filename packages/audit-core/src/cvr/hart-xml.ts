import { XMLParser } from 'fast-xml-parser';
import type { ContestBook } from './contest-book.js';
import type { ContestVote, CvrBallot, CvrMark } from './model.js';

interface HartOption {
  Name?: string;
  Id?: string;
  Value?: string;
  WriteInData?: { Text?: string; ImageId?: string; WriteInDataStatus?: string };
}

interface HartContest {
  Name?: string;
  Id?: string;
  Options?: { Option?: HartOption[] } | string;
  Undervotes?: string;
  [flag: string]: unknown;
}

interface HartCvr {
  Contests?: { Contest?: HartContest[] } | string;
  BatchSequence?: string;
  SheetNumber?: string;
  PrecinctSplit?: { Name?: string; Id?: string };
  BatchNumber?: string;
  CvrGuid?: string;
}

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false, // rank strings such as 000010 must stay strings
  isArray: (name) => name === 'Contest' || name === 'Option',
});

const KNOWN = new Set(['Name', 'Id', 'Options', 'Undervotes']);

/** Parses one Hart per-sheet CVR; returns what is wrong when it is not one. */
export function parseHartSheet(xml: string, file: string, book: ContestBook): CvrBallot | string {
  const document = parser.parse(xml) as { Cvr?: HartCvr };
  const cvr = document.Cvr;
  if (!cvr || typeof cvr !== 'object') return 'has no <Cvr> element';
  if (!cvr.CvrGuid) return 'has no <CvrGuid>';
  const contests = typeof cvr.Contests === 'object' ? (cvr.Contests.Contest ?? []) : [];
  const sheet = Number(cvr.SheetNumber);
  return {
    id: cvr.CvrGuid,
    source: { file },
    batch: cvr.BatchNumber,
    record: cvr.BatchSequence,
    ...(Number.isInteger(sheet) && sheet > 0 ? { sheet } : {}),
    precinct: cvr.PrecinctSplit?.Name,
    precinctPortion: cvr.PrecinctSplit?.Name,
    contests: contests.map((contest) => toContestVote(contest, book)),
  };
}

function toContestVote(contest: HartContest, book: ContestBook): ContestVote {
  const id = contest.Id ?? contest.Name ?? '';
  const definition = book.contest(id, contest.Name ?? id, 0);
  const options = typeof contest.Options === 'object' ? (contest.Options.Option ?? []) : [];
  const marks: CvrMark[] = [];
  for (const option of options) {
    const isWriteIn = option.WriteInData !== undefined;
    const optionId = option.Id ?? option.Name ?? '';
    book.option(definition, {
      id: optionId,
      name: option.Name ?? 'Write-in',
      ...(isWriteIn ? { isWriteIn } : {}),
    });
    // Value is one digit per rank, left to right: 0100 is rank 2, 0101 ranks 2 and 4.
    const value = option.Value ?? '';
    if (value.length > 1) definition.ranks = Math.max(definition.ranks, value.length);
    const text = option.WriteInData?.Text;
    for (let position = 0; position < value.length; position += 1) {
      if (value.charAt(position) !== '1') continue;
      marks.push({
        optionId,
        rank: position + 1,
        isVote: true,
        ...(isWriteIn ? { isWriteIn } : {}),
        ...(text ? { writeInText: text } : {}),
      });
    }
  }
  const conditions = Object.keys(contest).filter((key) => !KNOWN.has(key));
  return {
    contestId: id,
    marks,
    overvotes: 'Overvoted' in contest ? 1 : 0,
    undervotes: Number(contest.Undervotes ?? 0) || 0,
    ...(conditions.length > 0 ? { conditions } : {}),
  };
}
