import type { ContestDefinition, OptionDefinition } from './model.js';
import type {
  DominionCandidateItem,
  DominionContestItem,
  DominionManifest,
  DominionManifestItem,
  DominionManifestKind,
  DominionPortionItem,
} from './dominion-json-types.js';
import { readSourceText, type CvrSource } from './source.js';

/** The manifests of one export, indexed by id. */
export interface DominionLookup {
  version: string;
  contests: ContestDefinition[];
  contestById: Map<number, ContestDefinition>;
  candidateById: Map<number, { contestId: number; option: OptionDefinition }>;
  ballotTypes: Map<number, string>;
  portions: Map<number, DominionPortionItem>;
  conditions: Map<number, string>;
  countingGroups: Map<number, string>;
}

type ManifestSources = Partial<Record<DominionManifestKind, CvrSource>>;

async function readList<T extends DominionManifestItem>(
  source: CvrSource | undefined,
): Promise<{ version: string; list: T[] }> {
  if (!source) return { version: '', list: [] };
  const parsed = JSON.parse(await readSourceText(source)) as Partial<DominionManifest<T>>;
  if (!Array.isArray(parsed.List)) throw new Error(`${source.name}: no "List" array`);
  return { version: parsed.Version ?? '', list: parsed.List };
}

const describe = (list: DominionManifestItem[]): Map<number, string> =>
  new Map(list.map((item) => [item.Id, item.Description]));

/** Loads the manifests (small files, read whole) and resolves candidates into contests. */
export async function loadDominionManifests(sources: ManifestSources): Promise<DominionLookup> {
  if (!sources.contests || !sources.candidates) {
    throw new Error('a Dominion JSON export needs ContestManifest.json and CandidateManifest.json');
  }
  const contestList = await readList<DominionContestItem>(sources.contests);
  const candidates = await readList<DominionCandidateItem>(sources.candidates);
  const parties = describe((await readList(sources.parties)).list);
  const contestById = new Map<number, ContestDefinition>();
  for (const item of contestList.list) {
    contestById.set(item.Id, {
      id: String(item.Id),
      name: item.Description,
      voteFor: item.VoteFor,
      ranks: item.NumOfRanks,
      options: [],
    });
  }
  const candidateById = new Map<number, { contestId: number; option: OptionDefinition }>();
  for (const item of candidates.list) {
    const party = parties.get(item.Affiliations?.[0] ?? -1);
    const option: OptionDefinition = {
      id: String(item.Id),
      name: item.Description,
      ...(party ? { party } : {}),
      ...(item.Type === 'WriteIn' ? { isWriteIn: true } : {}),
    };
    candidateById.set(item.Id, { contestId: item.ContestId, option });
    contestById.get(item.ContestId)?.options.push(option);
  }
  return {
    version: contestList.version,
    contests: [...contestById.values()],
    contestById,
    candidateById,
    ballotTypes: describe((await readList(sources.ballotTypes)).list),
    portions: new Map(
      (await readList<DominionPortionItem>(sources.precinctPortions)).list.map((p) => [p.Id, p]),
    ),
    conditions: describe((await readList(sources.outstackConditions)).list),
    countingGroups: describe((await readList(sources.countingGroups)).list),
  };
}
