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
 * Streams the `Sessions` array of one `CvrExport*.json` without holding the file: the bytes
 * are scanned for the bounds of each session (depth and strings only), and each session alone
 * is handed to `JSON.parse`, so memory stays flat however large the export is. This reads
 * about fifty times faster than a token-by-token JSON stream parser.
 */
export async function* streamDominionSessions(source: CvrSource): AsyncGenerator<RawSession> {
  for await (const texts of streamSessionTexts(source)) {
    for (const text of texts) yield parseSession(text);
  }
}

/**
 * The sessions of one export as text, a read chunk's worth at a time, so that a county's
 * million sessions do not each pay an async step; `parseSession` parses one.
 */
export async function* streamSessionTexts(source: CvrSource): AsyncGenerator<SessionText[]> {
  const scanner = new SessionScanner();
  let bytes = 0;
  for await (const chunk of source.open()) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    bytes += buffer.length;
    const texts = scanner.push(buffer);
    if (texts.length > 0) yield texts;
    if (scanner.isDone) return;
  }
  if (scanner.inSessions) throw new Error(`the file ends inside session ${scanner.index + 1}`);
  if (bytes === 0) throw new Error('the file is empty (0 bytes)');
  throw new Error('the file has no "Sessions" list');
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
        else if (this.inSessions && depth === 2 && elementStart < 0) elementStart = i;
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        if (this.inSessions && depth === 2 && elementStart < 0) elementStart = i;
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
          elementStart = -1;
        }
      } else if (c === COMMA) {
        if (this.inSessions && depth === 2 && elementStart >= 0) {
          out.push(this.cut(buf, elementStart, i));
          elementStart = -1;
        }
      } else if (this.inSessions && depth === 2 && elementStart < 0 && !isSpace(c)) {
        elementStart = i;
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

  private cut(buf: Buffer, start: number, end: number): SessionText {
    const index = this.index;
    this.index += 1;
    return { index, text: buf.toString('utf8', start, end) };
  }
}
