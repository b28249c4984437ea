import type { CvrSource } from './source.js';

/** One element of `Sessions`, not yet checked, with its index in the file. */
export interface RawSession {
  index: number;
  value: unknown;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** Bytes held before the `Sessions` array starts: the header is a few short fields. */
const HEADER_LIMIT = 16 * 1024 * 1024;

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** One element of `Sessions` as text, cut out but not yet parsed. */
export interface SessionText {
  index: number;
  text: string;
}

/**
 * Streams the `Sessions` array of one `CvrExport*.json` without holding the file, session by
 * session; see `streamSessionBatches`.
 */
export async function* streamDominionSessions(source: CvrSource): AsyncGenerator<RawSession> {
  for await (const sessions of streamSessionBatches(source)) yield* sessions;
}

/** Bytes held in the fast path without a session boundary before the scanner takes over. */
const FAST_LIMIT = 8 * 1024 * 1024;
/** Failed guesses after which a file is read by the scanner alone. */
const FAST_FAILURES = 3;

/**
 * The sessions of one export, parsed, a read chunk's worth at a time, so that a county's
 * million sessions do not each pay an async step. Memory stays flat however large the export
 * is. The bytes are first scanned for the bounds of each session (depth and strings only) and
 * each session is handed alone to `JSON.parse`. Once two sessions have shown what lies between
 * them (`},{"TabulatorId"` in Dominion's files), the sessions of a chunk are cut at the last
 * such separator and parsed in one call as an array: that succeeds only when the cut falls
 * between whole sessions, so the values are the scanner's; where it fails, the scanner reads
 * the chunk session by session, naming the session that is not valid JSON. Sessions before a
 * bad one are yielded before the error is thrown.
 */
export async function* streamSessionBatches(source: CvrSource): AsyncGenerator<RawSession[]> {
  const scanner = new SessionScanner();
  let bytes = 0;
  // In the fast path: the bytes from the start of the next session, and its index.
  let fast: Buffer | undefined;
  let index = 0;
  let failures = 0;
  for await (const chunk of source.open()) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    bytes += buffer.length;
    let scan = buffer;
    if (fast !== undefined && scanner.separator) {
      const buf = fast.length > 0 ? Buffer.concat([fast, buffer]) : buffer;
      const cut = buf.lastIndexOf(scanner.separator.bytes);
      const sessions = cut > 0 ? parseRun(buf.toString('utf8', 0, cut), index) : undefined;
      if (sessions) {
        yield sessions;
        index += sessions.length;
        fast = buf.subarray(cut + scanner.separator.braceAt);
        continue;
      }
      if (cut <= 0 && buf.length <= FAST_LIMIT) {
        fast = buf;
        continue;
      }
      if (cut > 0) failures += 1;
      scanner.resume(index);
      fast = undefined;
      scan = buf;
    }
    const texts = scanner.push(scan);
    if (texts.length > 0) yield* parseEach(texts);
    if (scanner.isDone) return;
    if (scanner.separator && failures < FAST_FAILURES && scanner.isAtSessionStart()) {
      index = scanner.index;
      fast = scanner.takePending();
    }
  }
  if (fast !== undefined) {
    scanner.resume(index);
    const texts = scanner.push(fast);
    if (texts.length > 0) yield* parseEach(texts);
    if (scanner.isDone) return;
  }
  if (scanner.inSessions) throw new Error(`the file ends inside session ${scanner.index + 1}`);
  if (bytes === 0) throw new Error('the file is empty (0 bytes)');
  throw new Error('the file has no "Sessions" list');
}

/** Sessions cut at separators, parsed as one array; undefined if the cut was not between sessions. */
function parseRun(text: string, first: number): RawSession[] | undefined {
  let values: unknown;
  try {
    values = JSON.parse(`[${text}]`);
  } catch {
    return undefined;
  }
  if (!Array.isArray(values)) return undefined;
  const sessions = new Array<RawSession>(values.length);
  for (let k = 0; k < values.length; k += 1) {
    sessions[k] = { index: first + k, value: values[k] as unknown };
  }
  return sessions;
}

/** Parses sessions one by one: those before a bad one, then the error naming it. */
function* parseEach(texts: SessionText[]): Generator<RawSession[]> {
  const sessions: RawSession[] = [];
  for (const text of texts) {
    try {
      sessions.push(parseSession(text));
    } catch (error) {
      if (sessions.length > 0) yield sessions;
      throw error;
    }
  }
  yield sessions;
}

/** Parses one session's text; the error names the session. */
export function parseSession({ index, text }: SessionText): RawSession {
  try {
    return { index, value: JSON.parse(text) as unknown };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`session ${index + 1} is not valid JSON: ${reason}`);
  }
}

/** Finds session bounds in bytes fed chunk by chunk; the state carries across chunks. */
class SessionScanner {
  isDone = false;
  inSessions = false;
  index = 0;
  private pending: Buffer = Buffer.alloc(0);
  private depth = 0;
  private inString = false;
  private escaped = false;
  private stringStart = -1; // of a string at depth 1, to know the key before `[`
  private lastString = '';
  private elementStart = -1;
  private isFirst = true;
  /** What lies between two sessions, up to the end of the second one's first key, once seen. */
  separator: { bytes: Buffer; braceAt: number } | undefined;

  /** Goes on from the start of session `index`, read by other means up to there. */
  resume(index: number): void {
    this.isFirst = false;
    this.inSessions = true;
    this.index = index;
    this.pending = Buffer.alloc(0);
    this.depth = 2;
    this.inString = false;
    this.escaped = false;
    this.stringStart = -1;
    this.elementStart = -1;
  }

  /** Whether the bytes kept start a session object, from which other means can read on. */
  isAtSessionStart(): boolean {
    return this.inSessions && this.elementStart === 0 && this.pending[0] === OPEN_BRACE;
  }

  /** The bytes kept, for other means to read on from (see `resume`). */
  takePending(): Buffer {
    const pending = this.pending;
    this.pending = Buffer.alloc(0);
    return pending;
  }

  push(chunk: Buffer): SessionText[] {
    let bytes = chunk;
    if (this.isFirst && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
      bytes = bytes.subarray(3);
    }
    this.isFirst = false;
    const out: SessionText[] = [];
    // Everything in `pending` was scanned; it is kept because an unfinished part needs it.
    const buf = this.pending.length > 0 ? Buffer.concat([this.pending, bytes]) : bytes;
    const n = buf.length;
    let { depth, inString, escaped, stringStart, elementStart } = this;
    let i = this.pending.length;
    // Where the last session object ended in `buf`, to learn the separator from the next.
    let objectEnd = -1;
    while (i < n) {
      if (depth > 2 && !inString) {
        // Inside a session only strings and nesting matter: a tight loop for most of the bytes.
        for (; i < n; i += 1) {
          const d = buf[i] as number;
          if (d === QUOTE) break;
          if (d === OPEN_BRACE || d === OPEN_BRACKET) depth += 1;
          else if ((d === CLOSE_BRACE || d === CLOSE_BRACKET) && depth > 3) depth -= 1;
          else if (d === CLOSE_BRACE || d === CLOSE_BRACKET) break;
        }
        if (i === n) break;
      }
      const c = buf[i] as number;
      if (inString) {
        for (; i < n; i += 1) {
          const s = buf[i] as number;
          if (escaped) escaped = false;
          else if (s === BACKSLASH) escaped = true;
          else if (s === QUOTE) {
            inString = false;
            if (stringStart >= 0) {
              this.lastString = buf.toString('utf8', stringStart + 1, i);
              stringStart = -1;
            }
            i += 1;
            break;
          }
        }
        continue;
      }
      if (c === QUOTE) {
        inString = true;
        if (depth === 1 && !this.inSessions) stringStart = i;
        else if (this.inSessions && depth === 2 && elementStart < 0) {
          elementStart = i;
          objectEnd = -1;
        }
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        if (this.inSessions && depth === 2 && elementStart < 0) {
          elementStart = i;
          if (objectEnd >= 0 && c === OPEN_BRACE && !this.separator) this.learn(buf, objectEnd, i);
          objectEnd = -1;
        }
        if (!this.inSessions && depth === 1 && c === OPEN_BRACKET) {
          this.inSessions = this.lastString === 'Sessions';
        }
        depth += 1;
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        if (this.inSessions && depth === 2) {
          // The end of the array: a scalar element may end here too.
          if (elementStart >= 0) out.push(this.cut(buf, elementStart, i));
          this.isDone = true;
          this.inSessions = false;
          return out;
        }
        depth -= 1;
        if (this.inSessions && depth === 2 && elementStart >= 0) {
          out.push(this.cut(buf, elementStart, i + 1));
          objectEnd = buf[elementStart] === OPEN_BRACE ? i + 1 : -1;
          elementStart = -1;
        }
      } else if (c === COMMA) {
        if (this.inSessions && depth === 2 && elementStart >= 0) {
          out.push(this.cut(buf, elementStart, i));
          elementStart = -1;
        }
      } else if (this.inSessions && depth === 2 && elementStart < 0 && !isSpace(c)) {
        elementStart = i;
        objectEnd = -1;
      }
      i += 1;
    }
    // Keep only the bytes an unfinished session or header string still needs.
    const keep = elementStart >= 0 ? elementStart : stringStart >= 0 ? stringStart : n;
    this.pending = buf.subarray(keep);
    if (elementStart >= 0) elementStart -= keep;
    if (stringStart >= 0) stringStart -= keep;
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    this.stringStart = stringStart;
    this.elementStart = elementStart;
    if (!this.inSessions && this.pending.length > HEADER_LIMIT) {
      throw new Error(`no Sessions array in the first ${HEADER_LIMIT} bytes`);
    }
    return out;
  }

  /**
   * Keeps the bytes from the end of one session object (`end`) to the end of the next one's
   * first key (its `{` at `brace`), if only spaces and one comma lie between the two.
   */
  private learn(buf: Buffer, end: number, brace: number): void {
    let commas = 0;
    for (let k = end; k < brace; k += 1) {
      const c = buf[k] as number;
      if (c === COMMA) commas += 1;
      else if (!isSpace(c)) return;
    }
    if (commas !== 1) return;
    let k = brace + 1;
    while (k < buf.length && isSpace(buf[k] as number)) k += 1;
    if (buf[k] !== QUOTE) return;
    for (k += 1; k < buf.length; k += 1) {
      const c = buf[k] as number;
      if (c === BACKSLASH) return;
      if (c === QUOTE) {
        const bytes = Buffer.from(buf.subarray(end, k + 1));
        this.separator = { bytes, braceAt: brace - end };
        return;
      }
    }
  }

  private cut(buf: Buffer, start: number, end: number): SessionText {
    const index = this.index;
    this.index += 1;
    return { index, text: buf.toString('utf8', start, end) };
  }
}
