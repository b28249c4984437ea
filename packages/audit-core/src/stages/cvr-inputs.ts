import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { detectCvrLayout, type CvrLayout } from '../cvr/detect.js';
import { closestByName } from '../cvr/pairing.js';
import { readEssBallots } from '../cvr/ess-ballots.js';
import { ProblemLog } from '../cvr/reader.js';
import type { CvrSource } from '../cvr/source.js';
import type { JobStore } from '../storage/index.js';
import { zipCompanionKind } from '../cvr/open.js';
import { cvrInputs, listKeys, localCopies, openCvr, PATHS } from './job.js';

/** A problem found while sorting the job's vote-record inputs. */
export interface InputProblem {
  severity: 'error' | 'warning';
  code: string;
  file: string;
  message: string;
}

/** What each vote-record input is, and which ES&S ballots files go with which CVR. */
export interface CvrInputPlan {
  /** CVR exports to read, each with its companions (ES&S ballots files, Hart scan information). */
  cvrs: { key: string; companions: string[] }[];
  /** Ballot manifests, from `input/manifest/` or recognised among the CVR files. */
  manifests: string[];
  /** Inputs that are not read on their own: key → what they are. */
  companions: Map<string, string>;
  /** Companion inputs that are zips of companion files. */
  zipped: Set<string>;
  problems: InputProblem[];
}

/** A job input as a source the CVR readers can look at. */
export function storeSource(store: JobStore, key: string): CvrSource {
  return {
    name: basename(key),
    open: () =>
      Readable.from(
        (async function* chunks() {
          yield* await store.read(key);
        })(),
      ),
  };
}

/**
 * Sorts the job's vote-record inputs by looking at each: CVR exports, ballot manifests, and
 * ES&S ballots files. A ballots file is paired with its CVR: the only ES&S CVR of the job;
 * else the one whose name it shares; else the one holding its CVR numbers.
 */
export async function planCvrInputs(store: JobStore): Promise<CvrInputPlan> {
  const plan: CvrInputPlan = {
    cvrs: [],
    manifests: [],
    companions: new Map(),
    zipped: new Set(),
    problems: [],
  };
  const files = new Set(await listKeys(store, PATHS.cvr));
  const layouts = new Map<string, CvrLayout | undefined>();
  for (const key of await cvrInputs(store)) {
    if (!files.has(key)) {
      plan.cvrs.push({ key, companions: [] });
      continue;
    }
    const detected = await detectCvrLayout(storeSource(store, key));
    layouts.set(key, 'layout' in detected ? detected.layout : undefined);
  }
  // Election file sets arrive zipped: a zip holding only ballots files, scanned-ballot
  // information or a manifest is a companion. Looking costs a local copy, so only when the
  // job has another zip such a companion could belong to.
  const zips = [...layouts].filter(([, layout]) => layout === 'zip').map(([key]) => key);
  if (zips.length > 1) {
    const local = localCopies(store);
    try {
      for (const key of zips) {
        const kind = await zipCompanionKind(await local.pathOf(key));
        if (kind) {
          layouts.set(key, kind);
          plan.zipped.add(key);
        }
      }
    } finally {
      await local.done();
    }
  }
  const ballotsFiles: string[] = [];
  const scanInfoFiles: string[] = [];
  const hasDominionJson = [...layouts.values()].includes('dominion-json');
  for (const [key, layout] of layouts) {
    if (layout === 'ballot-manifest') plan.manifests.push(key);
    else if (layout === 'ess-ballots') ballotsFiles.push(key);
    else if (layout === 'hart-scan-info') scanInfoFiles.push(key);
    else if (layout === 'dominion-json-manifest' && hasDominionJson)
      plan.companions.set(key, 'Dominion JSON manifest, read with the exports beside it');
    else plan.cvrs.push({ key, companions: [] });
  }
  for (const key of await listKeys(store, PATHS.manifests))
    if (!key.endsWith('/')) plan.manifests.push(key);
  for (const key of plan.manifests) plan.companions.set(key, 'ballot manifest');
  const essCvrs = plan.cvrs.filter((c) => {
    const layout = layouts.get(c.key);
    return layout === 'ess-csv' || layout === 'ess-xlsx' || layout === 'zip';
  });
  for (const ballots of ballotsFiles) {
    const cvr = await pairBallotsFile(store, ballots, essCvrs);
    if (typeof cvr === 'string') {
      plan.problems.push({
        severity: 'error',
        code: 'unpaired-ess-ballots',
        file: ballots,
        message: cvr,
      });
      continue;
    }
    cvr.companions.push(ballots);
    plan.companions.set(ballots, `ES&S ballots file of ${basename(cvr.key)}`);
  }
  const hart = plan.cvrs.filter((c) => {
    const layout = layouts.get(c.key);
    return layout === undefined || layout === 'hart-xml' || layout === 'zip';
  });
  for (const info of scanInfoFiles) {
    const name = basename(info);
    const cvr = hart.length === 1 ? hart[0] : closestByName(name, hart);
    if (!cvr) {
      const message =
        hart.length === 0
          ? `${name} is a Hart scanned ballot information file, but the job has no Hart CVR to join it to`
          : `${name} is a Hart scanned ballot information file, but its name does not tie it to one of the Hart CVRs (${hart.map((c) => basename(c.key)).join(', ')}): name it after its CVR`;
      plan.problems.push({
        severity: 'error',
        code: 'unpaired-hart-scan-info',
        file: info,
        message,
      });
      continue;
    }
    cvr.companions.push(info);
    plan.companions.set(info, `Hart scanned ballot information of ${basename(cvr.key)}`);
  }
  return plan;
}

type Candidate = CvrInputPlan['cvrs'][number];

async function pairBallotsFile(
  store: JobStore,
  ballots: string,
  essCvrs: Candidate[],
): Promise<Candidate | string> {
  const name = basename(ballots);
  if (essCvrs.length === 0)
    return `${name} is an ES&S ballots file (it gives each CVR its tabulator and batch), but the job has no ES&S CVR export to pair it with: add the CVR export it came with`;
  if (essCvrs.length === 1) return essCvrs[0] as Candidate;
  const byName = closestByName(name, essCvrs);
  if (byName) return byName;
  if (name.toLowerCase().endsWith('.zip'))
    return `${name} holds ES&S ballots files, but its name does not start with one of the ES&S CVR exports' names (${essCvrs.map((c) => basename(c.key)).join(', ')}): name it after its CVR export`;
  const numbers = await ballotsNumbers(store, ballots);
  let best: Candidate | undefined;
  let bestShared = 0;
  let tied = false;
  for (const cvr of essCvrs) {
    const shared = await sharedNumbers(store, cvr.key, numbers);
    if (shared > bestShared) [best, bestShared, tied] = [cvr, shared, false];
    else if (shared === bestShared && shared > 0) tied = true;
  }
  if (best && !tied) return best;
  const names = essCvrs.map((c) => basename(c.key)).join(', ');
  return `${name} is an ES&S ballots file, but neither its name nor its CVR numbers tie it to one of the ES&S CVR exports (${names}): name it after its CVR export`;
}

async function ballotsNumbers(store: JobStore, key: string): Promise<Set<string>> {
  const entries = await readEssBallots([storeSource(store, key)], new ProblemLog());
  return new Set(entries.keys());
}

async function sharedNumbers(store: JobStore, key: string, numbers: Set<string>): Promise<number> {
  const opened = await openCvr(store, key);
  let shared = 0;
  try {
    for await (const batch of opened.reader?.batches ?? [])
      for (const ballot of batch)
        if (ballot.cvrNumber && numbers.has(ballot.cvrNumber)) shared += 1;
  } finally {
    await opened.done();
  }
  return shared;
}
