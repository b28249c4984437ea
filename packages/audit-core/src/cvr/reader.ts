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
  // A county runs to millions of ballots, so each id keeps small integers, not a location
  // object: the one thing that grows with the export.
  private readonly seen = new Map<string, number>();
  private readonly files: string[] = [];
  private readonly fileIds = new Map<string, number>();
  private readonly fileOf: number[] = [];
  private readonly rowOf: number[] = [];
  private readonly indexOf: number[] = [];

  constructor(private readonly log: ProblemLog) {}

  check(ballot: CvrBallot): CvrBallot {
    const known = this.seen.get(ballot.id);
    if (known === undefined) {
      this.remember(ballot.id, ballot.source);
      return ballot;
    }
    const first = this.location(known);
    const where = describeLocation(ballot.source);
    this.log.error(
      'duplicate-ballot',
      ballot.source.file,
      ballot.source.row,
      `${where}: ballot ${ballot.id} duplicates ${describeLocation(first)}`,
    );
    return { ...ballot, duplicateOf: first };
  }

  private remember(id: string, source: CvrLocation): void {
    let file = this.fileIds.get(source.file);
    if (file === undefined) {
      file = this.files.push(source.file) - 1;
      this.fileIds.set(source.file, file);
    }
    this.seen.set(id, this.fileOf.length);
    this.fileOf.push(file);
    this.rowOf.push(source.row ?? -1);
    this.indexOf.push(source.index ?? -1);
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
