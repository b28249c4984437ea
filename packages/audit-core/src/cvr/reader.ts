import type {
  ContestDefinition,
  CvrBallot,
  CvrElectionInfo,
  CvrFormat,
  CvrLocation,
  CvrProblem,
  CvrProblemCode,
} from './model.js';

/**
 * An opened export. `ballots` streams once; `problems` fills while it streams, and for formats
 * that name options only in ballot cells (ES&S, Clear Ballot, Hart) so does `contests`.
 */
export interface CvrReader {
  format: CvrFormat;
  election: CvrElectionInfo;
  contests: ContestDefinition[];
  problems: CvrProblem[];
  ballots: AsyncIterable<CvrBallot>;
}

/** Collects problems for one export. */
export class ProblemLog {
  readonly problems: CvrProblem[] = [];

  error(code: CvrProblemCode, file: string, row: number | undefined, message: string): void {
    this.problems.push({ code, severity: 'error', file, row, message });
  }

  warn(code: CvrProblemCode, file: string, row: number | undefined, message: string): void {
    this.problems.push({ code, severity: 'warning', file, row, message });
  }
}

/** Describes a location the way a person looks for it: `file row 12` or `file session 3`. */
export function describeLocation(location: CvrLocation): string {
  if (location.row !== undefined) return `${location.file} row ${location.row}`;
  if (location.index !== undefined) return `${location.file} item ${location.index + 1}`;
  return location.file;
}

/**
 * Flags ballots whose id was already seen. The repeat is still yielded, marked `duplicateOf`,
 * so that nothing is dropped and later stages can put it on their residue list.
 */
export class DuplicateGuard {
  // Ids arrive batch by batch (`tabulator-batch-record`), so they are kept by the part up to
  // the last dash, then the rest: each lookup lands in one batch's small map, about twice as
  // fast on a county as one map of a million ids. Each id keeps three integers in typed
  // arrays, not a location object: this is the one thing that grows with the export.
  private readonly seen = new Map<string, Map<string, number>>();
  private lastPrefix = '';
  private lastGroup: Map<string, number> | undefined;
  private readonly files: string[] = [];
  private readonly fileIds = new Map<string, number>();
  private fileOf: Int32Array = new Int32Array(1024);
  private rowOf: Int32Array = new Int32Array(1024);
  private indexOf: Int32Array = new Int32Array(1024);
  private count = 0;

  constructor(private readonly log: ProblemLog) {}

  check(ballot: CvrBallot): CvrBallot {
    const { id } = ballot;
    const cut = id.lastIndexOf('-') + 1;
    const group = this.groupOf(id, cut);
    const key = id.slice(cut);
    const known = group.get(key);
    if (known === undefined) {
      group.set(key, this.remember(ballot.source));
      return ballot;
    }
    const first = this.location(known);
    const where = describeLocation(ballot.source);
    this.log.error(
      'duplicate-ballot',
      ballot.source.file,
      ballot.source.row,
      `${where}: ballot ${id} duplicates ${describeLocation(first)}`,
    );
    return { ...ballot, duplicateOf: first };
  }

  /** The map for ids sharing `id`'s first `cut` characters; usually the last one used. */
  private groupOf(id: string, cut: number): Map<string, number> {
    if (this.lastGroup && cut === this.lastPrefix.length && id.startsWith(this.lastPrefix)) {
      return this.lastGroup;
    }
    const prefix = id.slice(0, cut);
    let group = this.seen.get(prefix);
    if (!group) {
      group = new Map();
      this.seen.set(prefix, group);
    }
    this.lastPrefix = prefix;
    this.lastGroup = group;
    return group;
  }

  /** Stores a location; returns its number. */
  private remember(source: CvrLocation): number {
    let file = this.fileIds.get(source.file);
    if (file === undefined) {
      file = this.files.push(source.file) - 1;
      this.fileIds.set(source.file, file);
    }
    const n = this.count;
    if (n === this.rowOf.length) this.grow();
    this.fileOf[n] = file;
    this.rowOf[n] = source.row ?? -1;
    this.indexOf[n] = source.index ?? -1;
    this.count = n + 1;
    return n;
  }

  private grow(): void {
    this.fileOf = doubled(this.fileOf);
    this.rowOf = doubled(this.rowOf);
    this.indexOf = doubled(this.indexOf);
  }

  private location(n: number): CvrLocation {
    const row = this.rowOf[n] ?? -1;
    const index = this.indexOf[n] ?? -1;
    return {
      file: this.files[this.fileOf[n] ?? 0] ?? '',
      ...(row >= 0 ? { row } : {}),
      ...(index >= 0 ? { index } : {}),
    };
  }
}

function doubled(from: Int32Array): Int32Array {
  const to = new Int32Array(from.length * 2);
  to.set(from);
  return to;
}

/**
 * Several exports read as one (a zip holding a CVR per tabulator): ballots file after file;
 * contests and problems gathered as each file is read.
 */
export function concatReaders(readers: CvrReader[]): CvrReader {
  const contests: ContestDefinition[] = [];
  const problems: CvrProblem[] = [];
  const known = new Set<string>();
  const gather = (reader: CvrReader): void => {
    for (const contest of reader.contests) {
      if (known.has(contest.id)) continue;
      known.add(contest.id);
      contests.push(contest);
    }
  };
  readers.forEach(gather);
  async function* ballots(): AsyncGenerator<CvrBallot> {
    for (const reader of readers) {
      yield* reader.ballots;
      gather(reader);
      problems.push(...reader.problems);
    }
  }
  const first = readers[0];
  return {
    format: first?.format ?? 'dominion-csv',
    election: first?.election ?? {},
    contests,
    problems,
    ballots: ballots(),
  };
}
