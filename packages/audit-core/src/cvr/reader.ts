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
  private readonly seen = new Map<string, CvrLocation>();

  constructor(private readonly log: ProblemLog) {}

  check(ballot: CvrBallot): CvrBallot {
    const first = this.seen.get(ballot.id);
    if (!first) {
      this.seen.set(ballot.id, ballot.source);
      return ballot;
    }
    const where = describeLocation(ballot.source);
    this.log.error(
      'duplicate-ballot',
      ballot.source.file,
      ballot.source.row,
      `${where}: ballot ${ballot.id} duplicates ${describeLocation(first)}`,
    );
    return { ...ballot, duplicateOf: first };
  }
}
