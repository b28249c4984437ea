import type {
  ContestDefinition,
  CvrAggregate,
  CvrBallot,
  CvrElectionInfo,
  CvrFormat,
  CvrLocation,
  CvrProblem,
  CvrProblemCode,
} from './model.js';
import { IdGroup, recordNumber, SeenLocations } from './seen-ids.js';

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
  /** Rows of counts for groups of ballots (Dominion CSV), filled while `ballots` streams. */
  aggregates?: CvrAggregate[];
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
  // the last dash, then the rest: each lookup lands in one batch's small group, and a record
  // number there costs four bytes, its location four more. This is the one thing that grows
  // with the export, so it is kept in typed arrays, not in a map of strings.
  private readonly groups = new Map<string, IdGroup>();
  private lastPrefix = '';
  private lastGroup: IdGroup | undefined;
  private lastTabulator = '';
  private lastBatch = '';
  private lastRecordGroup: IdGroup | undefined;
  private readonly seen = new SeenLocations();

  constructor(private readonly log: ProblemLog) {}

  check(ballot: CvrBallot): CvrBallot {
    const { id } = ballot;
    const cut = id.lastIndexOf('-') + 1;
    const group = this.groupOf(id, cut);
    const key = cut === 0 ? id : id.slice(cut);
    const n = recordNumber(key);
    const known = n >= 0 ? group.getNumber(n) : group.getText(key);
    if (known >= 0) return this.repeat(ballot, known);
    const stored = this.seen.add(ballot.source);
    if (n >= 0) group.setNumber(n, stored);
    else group.setText(key, stored);
    return ballot;
  }

  /**
   * `check` for a ballot whose id is `${tabulator}-${batch}-${record}` with `record` written
   * plainly (`recordNumber(String(record)) === record`): the same answer without cutting the id.
   */
  checkRecord(ballot: CvrBallot, tabulator: string, batch: string, record: number): CvrBallot {
    let group = this.lastRecordGroup;
    if (!group || tabulator !== this.lastTabulator || batch !== this.lastBatch) {
      group = this.group(`${tabulator}-${batch}-`);
      this.lastTabulator = tabulator;
      this.lastBatch = batch;
      this.lastRecordGroup = group;
    }
    const known = group.getNumber(record);
    if (known >= 0) return this.repeat(ballot, known);
    group.setNumber(record, this.seen.add(ballot.source));
    return ballot;
  }

  private repeat(ballot: CvrBallot, known: number): CvrBallot {
    const first = this.seen.get(known);
    const where = describeLocation(ballot.source);
    this.log.error(
      'duplicate-ballot',
      ballot.source.file,
      ballot.source.row,
      `${where}: ballot ${ballot.id} duplicates ${describeLocation(first)}`,
    );
    return { ...ballot, duplicateOf: first };
  }

  /** The group for ids sharing `id`'s first `cut` characters; usually the last one used. */
  private groupOf(id: string, cut: number): IdGroup {
    if (this.lastGroup && cut === this.lastPrefix.length && id.startsWith(this.lastPrefix)) {
      return this.lastGroup;
    }
    const prefix = id.slice(0, cut);
    const group = this.group(prefix);
    this.lastPrefix = prefix;
    this.lastGroup = group;
    return group;
  }

  private group(prefix: string): IdGroup {
    let group = this.groups.get(prefix);
    if (!group) {
      group = new IdGroup();
      this.groups.set(prefix, group);
    }
    return group;
  }
}

/**
 * Several exports read as one (a zip holding a CVR per tabulator): ballots file after file;
 * contests and problems gathered as each file is read.
 */
export function concatReaders(readers: CvrReader[]): CvrReader {
  const contests: ContestDefinition[] = [];
  const problems: CvrProblem[] = [];
  const aggregates: CvrAggregate[] = [];
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
      aggregates.push(...(reader.aggregates ?? []));
    }
  }
  const first = readers[0];
  return {
    format: first?.format ?? 'dominion-csv',
    election: first?.election ?? {},
    contests,
    problems,
    ballots: ballots(),
    aggregates,
  };
}
