import type { ContestDefinition, ContestVote } from '../cvr/model.js';
import { readJson } from '../storage/index.js';
import type { StageContext } from './context.js';
import { electionInfo, PATHS } from './job.js';

export type ContestClass =
  | 'Fully Agreed'
  | 'Normal Disagreed'
  | 'Gray'
  | 'Agreed Overvote'
  | 'Agreed Undervote'
  | 'Agreed Write-in';

export type SheetClass =
  ContestClass | 'Blank' | 'Unreadable' | 'No CVR' | 'No Image' | 'Duplicate';

export interface ImageContest {
  votes: string[];
  gray: string[];
  overvote: boolean;
}

export interface ContestInfo {
  name: string;
  voteFor: number;
  options: Map<string, { name: string; isWriteIn: boolean }>;
}

/** What a record counts in a contest: its votes, or an overvote. */
export function cvrChoice(vote: ContestVote | undefined): {
  votes: string[];
  overvote: boolean;
  writeIn: boolean;
} {
  if (!vote) return { votes: [], overvote: false, writeIn: false };
  const overvote = vote.overvotes > 0;
  const marks = overvote ? vote.marks : vote.marks.filter((m) => m.isVote);
  return {
    votes: [...new Set(marks.map((m) => m.optionId))],
    overvote,
    writeIn: marks.some((m) => m.isWriteIn),
  };
}

/**
 * Classes one contest on one sheet. A difference on an option the image read clearly is a
 * disagreement even when another option is gray (unless the gray marks could make the contest
 * an overvote that the record wrote as nothing); a gray option only ever makes the contest
 * Gray, for a person to decide.
 */
export function classify(
  image: ImageContest,
  record: ContestVote | undefined,
  info: ContestInfo | undefined,
): ContestClass {
  const cvr = cvrChoice(record);
  const voteFor = info?.voteFor ?? 1;
  const gray = new Set(image.gray);
  if (image.overvote && cvr.overvote) return 'Agreed Overvote';
  if (cvr.overvote) return image.votes.length + gray.size > voteFor ? 'Gray' : 'Normal Disagreed';
  // Dominion's CSV writes an overvoted contest as no marks at all: nothing counted either way.
  if (image.overvote)
    return cvr.votes.length === 0 && !record?.marks.length ? 'Agreed Overvote' : 'Normal Disagreed';
  // An empty record may be an overvote Dominion's CSV wrote as nothing: if the gray marks
  // would make the image an overvote, they decide whether image and record agree.
  const blankRecord = cvr.votes.length === 0 && !record?.marks.length;
  if (blankRecord && gray.size > 0 && image.votes.length + gray.size > voteFor) return 'Gray';
  const a = new Set(image.votes);
  const b = new Set(cvr.votes);
  const differs = [...a, ...b].some((o) => a.has(o) !== b.has(o) && !gray.has(o));
  if (differs) return 'Normal Disagreed';
  if (gray.size > 0) return 'Gray';
  const writeIn = cvr.writeIn || image.votes.some((o) => info?.options.get(o)?.isWriteIn);
  if (writeIn) return 'Agreed Write-in';
  if (image.votes.length < voteFor) return 'Agreed Undervote';
  return 'Fully Agreed';
}

/** Contest names, vote-for and options, from the EIF where given, else the vote records. */
export async function contestInfos(
  ctx: Pick<StageContext, 'store'>,
): Promise<Map<string, ContestInfo>> {
  const infos = new Map<string, ContestInfo>();
  const addAll = (
    contests: {
      id: string;
      name: string;
      voteFor: number;
      options: { id: string; name: string; isWriteIn?: boolean }[];
    }[],
  ) => {
    for (const c of contests)
      if (!infos.has(c.id))
        infos.set(c.id, {
          name: c.name,
          voteFor: c.voteFor || 1,
          options: new Map(
            c.options.map((o) => [o.id, { name: o.name, isWriteIn: Boolean(o.isWriteIn) }]),
          ),
        });
  };
  const eif = await electionInfo(ctx.store);
  if (eif) addAll(eif.contests);
  if (await ctx.store.exists(PATHS.cvrContests))
    addAll(
      (await readJson<{ contests: ContestDefinition[] }>(ctx.store, PATHS.cvrContests)).contests,
    );
  return infos;
}
