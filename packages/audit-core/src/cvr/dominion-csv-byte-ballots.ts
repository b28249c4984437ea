import {
  ByteCells,
  COMMA,
  CR,
  EMPTY_CELL,
  LF,
  ONE,
  ONE_CELL,
  OTHER_CELL,
  QUOTE,
  ZERO,
  ZERO_CELL,
} from './csv-bytes.js';
import { aggregateRow, mayLabelGroup } from './dominion-csv-aggregate.js';
import { CellTexts, numberText, textOf } from './dominion-csv-cell-texts.js';
import { BLANK, choiceValue, contestVote, unsplitId, type RowPlan } from './dominion-csv-rows.js';
import { RowBallot, RowLocation } from './dominion-csv-row-ballot.js';
import { isPrintable, plainCell, plainNumber } from './dominion-csv-plain-cells.js';
import type { ContestVote, CvrAggregate, CvrBallot, CvrMark } from './model.js';
import type { DuplicateGuard, ProblemLog } from './reader.js';

type Column = RowPlan['contests'][number]['columns'][number];

const NINE = 57;
/** Contests of at most this many choice columns are read into a bit mask. */
const MASK_COLUMNS = 31;
/** `0` then a comma, as `DataView.getUint16` reads them (little-endian). */
const ZERO_COMMA = ZERO | (COMMA << 8);
const DASH = 45;

/**
 * Builds ballots from the bytes of one record, as `toBallot` does from strings, and checks them
 * for repeats. Most records are read in one pass (`readRecord`) that fills the contests while it
 * finds the cells; a record that pass does not take is read cell by cell (`ballot`).
 */
export class ByteBallots {
  readonly cells = new ByteCells();
  /** The ballot of the record `readRecord` read last. */
  made: CvrBallot | undefined;
  /** Per contest: the vote with no mark, and with each single choice marked. */
  private readonly none: ContestVote[];
  private readonly single: ContestVote[][];
  /** Per contest, the votes with two choices marked, by first × choices + second, as met. */
  private readonly pairs: (ContestVote | undefined)[][] = [];
  /** Every choice column in header order; contest `c`'s are up to `contestEnds[c]`. */
  private readonly columnIndex: Int32Array;
  private readonly columnMark: CvrMark[];
  private readonly contestEnds: Int32Array;
  /** A record's contest votes as `readRecord` finds them. */
  private readonly gathered: ContestVote[];
  /** The first choice column when `readRecord` may read this layout, else -1. */
  private readonly firstChoice: number;
  /** Metadata texts already made, by column: most repeat (a batch's tabulator, a style). */
  private readonly texts: CellTexts;
  /** The columns an id is made of: tabulator, batch, record. */
  private readonly idParts: Int32Array;
  /** `tabulator-batch-` of the last ids made, for the strings it was made of. */
  private prefix = '';
  private prefixTabulator: string | undefined;
  private prefixBatch: string | undefined;

  constructor(
    private readonly file: string,
    private readonly plan: RowPlan,
    private readonly log: ProblemLog,
    private readonly guard: DuplicateGuard,
    private readonly aggregates: CvrAggregate[],
  ) {
    const fields = Object.values(plan.field);
    this.texts = new CellTexts(fields);
    this.none = plan.contests.map((contest) => Object.freeze(contestVote(contest, [])));
    this.single = plan.contests.map((contest) =>
      contest.columns.map((column) => Object.freeze(contestVote(contest, [column.mark]))),
    );
    const { tabulatornum, batchid, recordid } = plan.field;
    this.idParts = Int32Array.of(tabulatornum, batchid, recordid);
    const all = plan.contests.flatMap((contest) => contest.columns);
    this.columnIndex = Int32Array.from(all, (column) => column.index);
    this.columnMark = all.map((column) => column.mark);
    let end = 0;
    this.contestEnds = Int32Array.from(plan.contests, (contest) => (end += contest.columns.length));
    // The one-pass read takes the layout Dominion writes: the fields, then every choice column
    // side by side in contest order.
    const first = all[0]?.index ?? 0;
    const isPlain =
      first > 0 &&
      all.every((column, j) => column.index === first + j) &&
      fields.every((index) => index < first);
    this.firstChoice = isPlain ? first : -1;
    this.gathered = plan.contests.map((_, c) => this.none[c] as ContestVote);
    this.cells.reserve(plan.width + 1);
  }

  /**
   * Reads the record at `pos` in one pass when every cell is plain (choices `0`, `1`, blank,
   * or those quoted; other cells unquoted, quoted or `="…"` with no quote or line break inside)
   * and it ends with a line break well before `end`. Returns where the next record starts, with
   * its ballot in `made`, or -1 to leave the record to `ByteCells.read` and `ballot`.
   */
  readRecord(bytes: Buffer, view: DataView, pos: number, end: number, line: number): number {
    const fields = this.firstChoice;
    if (fields <= 0) return -1;
    const { contestEnds, columnMark, cells } = this;
    const { starts, ends } = cells;
    const total = columnMark.length;
    // Every read stays before `end` (one past it would have V8 recompile this for reads out of
    // bounds); a record this close to the end of the bytes in hand is left to `ballot`.
    let p = pos;
    for (let col = 0; col < fields; col += 1) {
      if (p + 1 >= end) return -1;
      const q = plainCell(bytes, p, end, starts, ends, col);
      if (q < 0 || q + 1 >= end || bytes[q] !== COMMA) return -1;
      p = q + 1;
    }
    // A choice cell takes at most four bytes with its comma (`"1",`).
    if (p + 4 * total + 1 >= end) return -1;
    // Gathered in a reused array and copied once at its size: an array grown by pushes takes
    // room for 16, most of a ballot's garbage.
    const gathered = this.gathered;
    let onCard = 0;
    let stop = -1;
    let j = 0;
    for (let c = 0; c < contestEnds.length; c += 1) {
      const contestStart = j;
      const contestEnd = contestEnds[c] as number;
      let isOnCard = false;
      if (contestEnd - contestStart <= MASK_COLUMNS) {
        // The marked choices as bits: a bare `0` or `1` before a comma (most cells of an export)
        // costs two reads and no branch on which of the two it is.
        let mask = 0;
        for (let k = 0; j < contestEnd; j += 1, k += 1) {
          // Both bytes in one read: `0,` and `1,` differ in the low bit only.
          const pair = view.getUint16(p, true);
          if ((pair & 0xfffe) === ZERO_COMMA) {
            isOnCard = true;
            mask |= (pair & 1) << k;
            p += 2;
            continue;
          }
          let b = pair & 0xff;
          const next = pair >> 8;
          if (b === COMMA) {
            p += 1;
            continue;
          }
          let q = p + 1;
          if (b === QUOTE) {
            b = next;
            if (b === QUOTE) {
              b = COMMA;
              q = p + 2;
            } else if ((b === ZERO || b === ONE) && bytes[p + 2] === QUOTE) q = p + 3;
            else return -1;
          } else if (b === LF || b === CR) {
            b = COMMA;
            q = p;
          } else if (b !== ZERO && b !== ONE) return -1;
          if (b !== COMMA) {
            isOnCard = true;
            mask |= (b & 1) << k;
          }
          const t = bytes[q];
          if (t === COMMA) {
            p = q + 1;
            continue;
          }
          // Only the last choice column may end the record.
          if (j + 1 < total) return -1;
          if (t === LF) stop = q + 1;
          else if (t === CR && bytes[q + 1] === LF) stop = q + 2;
          else return -1;
        }
        if (isOnCard) {
          gathered[onCard++] = this.voteOfMask(c, contestStart, mask);
        }
        continue;
      }
      // A contest of more columns than a mask holds (a ranked one of many candidates).
      let firstAt = -1;
      let secondAt = -1;
      let marks: CvrMark[] | undefined;
      for (; j < contestEnd; j += 1) {
        let b = bytes[p];
        let q = p + 1;
        if (b === COMMA) {
          p = q;
          continue;
        }
        if (b === QUOTE) {
          b = bytes[p + 1];
          if (b === QUOTE) {
            b = COMMA;
            q = p + 2;
          } else if ((b === ZERO || b === ONE) && bytes[p + 2] === QUOTE) q = p + 3;
          else return -1;
        } else if (b === LF || b === CR) {
          q = p;
        } else if (b !== ZERO && b !== ONE) return -1;
        if (b === ZERO) isOnCard = true;
        else if (b === ONE) {
          isOnCard = true;
          const mark = columnMark[j] as CvrMark;
          if (firstAt < 0) firstAt = j;
          else if (secondAt < 0) secondAt = j;
          else if (marks === undefined)
            marks = [columnMark[firstAt] as CvrMark, columnMark[secondAt] as CvrMark, mark];
          else marks.push(mark);
        }
        const t = bytes[q];
        if (t === COMMA) {
          p = q + 1;
          continue;
        }
        if (j + 1 < total) return -1;
        if (t === LF) stop = q + 1;
        else if (t === CR && bytes[q + 1] === LF) stop = q + 2;
        else return -1;
      }
      if (isOnCard) gathered[onCard++] = this.voteOf(c, contestStart, firstAt, secondAt, marks);
    }
    let count = fields + total;
    if (stop < 0) {
      // Cells past the last choice column (a trailing comma, spare columns) up to the break.
      for (; ; count += 1) {
        if (p + 1 >= end) return -1;
        const q = plainCell(bytes, p, end, undefined, undefined, 0);
        if (q < 0 || q + 1 >= end) return -1;
        const t = bytes[q];
        if (t === COMMA) {
          p = q + 1;
          continue;
        }
        if (t === LF) stop = q + 1;
        else if (t === CR && bytes[q + 1] === LF) stop = q + 2;
        else return -1;
        count += 1;
        break;
      }
    }
    // A CVR number that is not a plain number may label a row of counts: read cell by cell.
    const cvr = this.plan.field.cvrnumber;
    if (cvr >= 0) {
      const first = bytes[starts[cvr] as number] as number;
      if (first < ZERO || first > NINE || starts[cvr] === ends[cvr]) return -1;
    }
    cells.count = count;
    this.made = this.finish(bytes, cells, line, gathered.slice(0, onCard));
    return stop;
  }

  /**
   * The ballot of one record whose cells `cells` found, checked for a repeat; undefined (a
   * problem logged) if malformed, or when the row holds a group's counts (kept in `aggregates`).
   */
  ballot(bytes: Buffer, cells: ByteCells, line: number): CvrBallot | undefined {
    const { width, field: at } = this.plan;
    const cvr = at.cvrnumber;
    if (cvr >= 0 && cvr < cells.count) {
      const from = cells.starts[cvr] as number;
      const first = bytes[from] as number;
      const isNumber = first >= ZERO && first <= NINE;
      if (!isNumber && mayLabelGroup(textOf(bytes, from, cells.ends[cvr] as number))) {
        const strings = Array.from({ length: cells.count }, (_, i) =>
          bytes.toString('utf8', cells.starts[i], cells.ends[i]),
        );
        const group = aggregateRow(this.file, strings, line, this.plan, this.log);
        if (group === 'malformed') return undefined;
        if (group) {
          this.aggregates.push(group);
          return undefined;
        }
      }
    }
    if (cells.count < width) {
      const message = `row ${line}: ${cells.count} cells, the header has ${width}`;
      this.log.error('malformed-row', this.file, line, message);
      return undefined;
    }
    const contests = this.contests(bytes, cells, line);
    if (!contests) return undefined;
    return this.finish(bytes, cells, line, contests);
  }

  /** The ballot of a record once its contests are read: ids and metadata, checked for a repeat. */
  private finish(
    bytes: Buffer,
    cells: ByteCells,
    line: number,
    contests: ContestVote[],
  ): CvrBallot {
    const at = this.plan.field;
    const tabulator = this.text(bytes, cells, at.tabulatornum);
    const batch = this.text(bytes, cells, at.batchid);
    // Record and CVR numbers differ on every row: read as numbers where they are written
    // plainly, their text is the number's.
    const recordNumber = plainNumber(bytes, cells, at.recordid);
    const record =
      recordNumber >= 0 ? numberText(recordNumber) : this.text(bytes, cells, at.recordid);
    const hasParts = tabulator !== undefined && batch !== undefined && record !== undefined;
    const joined = hasParts ? this.prefixOf(tabulator, batch) + record : undefined;
    const imprintedId =
      joined !== undefined && this.isJoined(bytes, cells, at)
        ? joined
        : this.text(bytes, cells, at.imprintedid);
    const cvrDigits = plainNumber(bytes, cells, at.cvrnumber);
    const cvrNumber =
      cvrDigits >= 0 ? numberText(cvrDigits) : this.text(bytes, cells, at.cvrnumber);
    const ballot = new RowBallot(
      joined ?? unsplitId(imprintedId, cvrNumber, line),
      new RowLocation(this.file, line),
      cvrNumber,
      tabulator,
      batch,
      record,
      imprintedId,
      this.text(bytes, cells, at.countinggroup),
      this.text(bytes, cells, at.precinctportion),
      this.text(bytes, cells, at.ballottype),
      contests,
    );
    return hasParts && recordNumber >= 0
      ? this.guard.checkRecord(ballot, tabulator, batch, recordNumber)
      : this.guard.check(ballot);
  }

  /** Contest `c`'s vote: shared when nothing, one choice or two choices are marked. */
  private voteOf(
    c: number,
    contestStart: number,
    firstAt: number,
    secondAt: number,
    marks: CvrMark[] | undefined,
  ): ContestVote {
    if (marks) return contestVote(this.plan.contests[c] as RowPlan['contests'][number], marks);
    if (secondAt >= 0) return this.pairOf(c, firstAt - contestStart, secondAt - contestStart);
    return firstAt >= 0
      ? (this.single[c]?.[firstAt - contestStart] as ContestVote)
      : (this.none[c] as ContestVote);
  }

  /** Contest `c`'s vote with the choices of `mask`'s bits marked (bit k: its k-th column). */
  private voteOfMask(c: number, contestStart: number, mask: number): ContestVote {
    if (mask === 0) return this.none[c] as ContestVote;
    const first = 31 - Math.clz32(mask & -mask);
    const rest = mask & (mask - 1);
    if (rest === 0) return this.single[c]?.[first] as ContestVote;
    if ((rest & (rest - 1)) === 0) return this.pairOf(c, first, 31 - Math.clz32(rest));
    const marks: CvrMark[] = [];
    for (let k = first; k < 31; k += 1)
      if ((mask >>> k) & 1) marks.push(this.columnMark[contestStart + k] as CvrMark);
    return contestVote(this.plan.contests[c] as RowPlan['contests'][number], marks);
  }

  /** Contest `c`'s vote with its choices `first` and `second` marked, made once and shared. */
  private pairOf(c: number, first: number, second: number): ContestVote {
    const contest = this.plan.contests[c] as RowPlan['contests'][number];
    const n = contest.columns.length;
    const pairs = (this.pairs[c] ??= new Array<ContestVote | undefined>(n * n).fill(undefined));
    const key = first * n + second;
    let vote = pairs[key];
    if (vote === undefined) {
      const { columns } = contest;
      const marks = [(columns[first] as Column).mark, (columns[second] as Column).mark];
      vote = Object.freeze(contestVote(contest, marks));
      pairs[key] = vote;
    }
    return vote;
  }

  private prefixOf(tabulator: string, batch: string): string {
    if (tabulator !== this.prefixTabulator || batch !== this.prefixBatch) {
      this.prefix = `${tabulator}-${batch}-`;
      this.prefixTabulator = tabulator;
      this.prefixBatch = batch;
    }
    return this.prefix;
  }

  /**
   * Whether the imprinted id's cell holds the tabulator's, batch's and record's bytes joined by
   * dashes (as Dominion prints it), each of them with no space or other byte `trim` would cut
   * at its ends, so that its text is theirs joined.
   */
  private isJoined(bytes: Buffer, cells: ByteCells, at: RowPlan['field']): boolean {
    const { starts, ends, count } = cells;
    const parts = this.idParts;
    const index = at.imprintedid;
    if (index < 0 || index >= count) return false;
    let p = starts[index] as number;
    const end = ends[index] as number;
    for (let k = 0; k < 3; k += 1) {
      const part = parts[k] as number;
      const from = starts[part] as number;
      const to = ends[part] as number;
      if (to === from || !isPrintable(bytes[from]) || !isPrintable(bytes[to - 1])) return false;
      if (k > 0) {
        if (p >= end || bytes[p] !== DASH) return false;
        p += 1;
      }
      if (p + to - from > end) return false;
      for (let q = from; q < to; q += 1, p += 1) if (bytes[p] !== bytes[q]) return false;
    }
    return p === end;
  }

  private contests(bytes: Buffer, cells: ByteCells, line: number): ContestVote[] | undefined {
    const { kinds } = cells;
    const { columnIndex, columnMark, contestEnds } = this;
    const contests: ContestVote[] = [];
    let j = 0;
    for (let c = 0; c < contestEnds.length; c += 1) {
      const contestStart = j;
      const contestEnd = contestEnds[c] as number;
      let isOnCard = false;
      let firstAt = -1;
      let marks: CvrMark[] | undefined;
      for (; j < contestEnd; j += 1) {
        const index = columnIndex[j] as number;
        let kind = kinds[index];
        if (kind === EMPTY_CELL) continue;
        if (kind === OTHER_CELL) {
          const text = bytes.toString('utf8', cells.starts[index], cells.ends[index]);
          const read = choiceValue(this.file, text, line, index, this.log);
          if (read === undefined) return undefined;
          if (read === BLANK) continue;
          kind = read === 0 ? ZERO_CELL : ONE_CELL;
        }
        isOnCard = true;
        if (kind === ZERO_CELL) continue;
        const mark = columnMark[j] as CvrMark;
        if (firstAt < 0) firstAt = j;
        else if (marks === undefined) marks = [columnMark[firstAt] as CvrMark, mark];
        else marks.push(mark);
      }
      if (isOnCard) contests.push(this.voteOf(c, contestStart, firstAt, -1, marks));
    }
    return contests;
  }

  /** A metadata cell's text, trimmed; undefined when blank or missing (as `cellText`). */
  private text(bytes: Buffer, cells: ByteCells, index: number): string | undefined {
    if (index < 0 || index >= cells.count) return undefined;
    return this.texts.text(
      bytes,
      cells.starts[index] as number,
      cells.ends[index] as number,
      index,
    );
  }
}
