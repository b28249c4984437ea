/**
 * Dominion JSON wants numbers where the model has strings. Numeric strings keep their value so
 * that an export read and written again keeps its ids; other strings get numbers from a range
 * far above them, in order of first use.
 */
export class NumericIds {
  private readonly assigned = new Map<string, number>();
  private next: number;

  constructor(start = 1_000_000) {
    this.next = start;
  }

  id(key: string): number {
    if (/^\d{1,9}$/.test(key)) return Number(key);
    let id = this.assigned.get(key);
    if (id === undefined) {
      id = this.next;
      this.next += 1;
      this.assigned.set(key, id);
    }
    return id;
  }
}

/** Gives each distinct description a small id, in order of first use, for a manifest. */
export class DescriptionIds {
  readonly items: { Description: string; Id: number; ExternalId: string }[] = [];
  private readonly byDescription = new Map<string, number>();

  id(description: string): number {
    let id = this.byDescription.get(description);
    if (id === undefined) {
      id = this.items.length + 1;
      this.byDescription.set(description, id);
      this.items.push({ Description: description, Id: id, ExternalId: '' });
    }
    return id;
  }
}

/** Dominion's outstack conditions, with the ids its manifests give them. */
export const OUTSTACK_CONDITIONS: { Description: string; Id: number }[] = [
  { Description: 'Ambiguous', Id: 0 },
  { Description: 'Writein', Id: 1 },
  { Description: 'BlankBallot', Id: 2 },
  { Description: 'Undervote', Id: 4 },
  { Description: 'Overvote', Id: 5 },
  { Description: 'BlankContest', Id: 6 },
  { Description: 'InvalidContest', Id: 7 },
  { Description: 'OvervotedRanking', Id: 9 },
  { Description: 'InconsistentRcvOrdering', Id: 10 },
  { Description: 'SkippedRanking', Id: 11 },
  { Description: 'DuplicatedRcvCandidate', Id: 12 },
  { Description: 'UnvotedRcvContest', Id: 13 },
  { Description: 'UnusedRanking', Id: 14 },
];
