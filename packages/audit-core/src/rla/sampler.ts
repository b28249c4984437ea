import { createHash } from 'node:crypto';

/** One draw: the ballot id, its ticket number (a hex fraction) and how often it was drawn. */
export interface Ticket {
  ticket: string;
  id: string;
  generation: number;
}

const sha256 = (input: string): string => createHash('sha256').update(input, 'utf8').digest('hex');

/** SHA-256 in counter mode, as Rivest's `sha256_prng`. */
function* sha256Prng(seed: string): Generator<string, never> {
  const seedHash = sha256(seed);
  for (let counter = 0; ; counter += 1) yield sha256(seedHash + String(counter));
}

const next = (prng: Generator<string, never>): string => prng.next().value;

function firstTicket(id: string, seedHash: string): Ticket {
  return { ticket: next(sha256Prng(`${seedHash}:id:${id}`)), id, generation: 1 };
}

/** A ticket number drawn uniformly from (x, 1): keeps x's leading f's and draws the rest. */
function nextTicket(ticket: Ticket, seedHash: string): Ticket {
  const seedIdGen = `${sha256(`${seedHash}:id:${ticket.id}`)}:gen:${ticket.generation}`;
  const prng = sha256Prng(seedIdGen);
  const x = `${ticket.ticket.toLowerCase()}0`;
  const keep = x.search(/[^f]/);
  let y = '';
  while (y <= x) y = x.slice(0, keep) + next(prng);
  return { ticket: y, id: ticket.id, generation: ticket.generation + 1 };
}

// Python orders its tickets as tuples: ticket number, then id, then generation.
const before = (a: Ticket, b: Ticket): boolean =>
  a.ticket !== b.ticket
    ? a.ticket < b.ticket
    : a.id !== b.id
      ? a.id < b.id
      : a.generation < b.generation;

/** A binary min-heap of tickets. */
class TicketHeap {
  private readonly items: Ticket[] = [];

  get size(): number {
    return this.items.length;
  }

  private at(i: number): Ticket {
    const item = this.items[i];
    if (!item) throw new RangeError(`no ticket at ${i}`);
    return item;
  }

  private swap(i: number, j: number): void {
    const a = this.at(i);
    this.items[i] = this.at(j);
    this.items[j] = a;
  }

  push(ticket: Ticket): void {
    this.items.push(ticket);
    let i = this.items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(this.at(i), this.at(parent))) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  pop(): Ticket {
    const top = this.at(0);
    const last = this.items.pop();
    if (this.items.length === 0 || !last) return top;
    this.items[0] = last;
    const n = this.items.length;
    for (let i = 0; ;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let least = i;
      if (l < n && before(this.at(l), this.at(least))) least = l;
      if (r < n && before(this.at(r), this.at(least))) least = r;
      if (least === i) return top;
      this.swap(i, least);
      i = least;
    }
  }
}

export interface SamplerOptions {
  withReplacement?: boolean;
  /** Draws to skip first: the draws of earlier rounds. */
  drop?: number;
  /** Draws to return after those skipped. */
  take?: number;
}

/**
 * Rivest's consistent sampler (`consistent_sampler.py`, as Arlo uses it): every id gets a
 * SHA-256 ticket from the public seed, and ids are drawn in ticket order. The same seed and ids
 * give the same draws anywhere; later rounds continue the same stream (`drop` earlier draws).
 */
export function consistentSample(
  ids: Iterable<string>,
  seed: string,
  options: SamplerOptions = {},
): Ticket[] {
  const drop = options.drop ?? 0;
  const take = options.take ?? Number.POSITIVE_INFINITY;
  const seedHash = sha256(seed);
  const heap = new TicketHeap();
  for (const id of ids) heap.push(firstTicket(id, seedHash));
  const drawn: Ticket[] = [];
  for (let count = 1; heap.size > 0 && count <= drop + take; count += 1) {
    const ticket = heap.pop();
    if (options.withReplacement) heap.push(nextTicket(ticket, seedHash));
    if (count > drop) drawn.push(ticket);
  }
  return drawn;
}
