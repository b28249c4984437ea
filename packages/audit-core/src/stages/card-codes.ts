import type { GreyImage } from '../image/grey.js';
import { CardCodeReader, type PrintedCode } from '../image/printed-code.js';
import { readBallot } from '../image/read.js';
import type { Template } from '../image/template.js';
import type { SettledStyle, SheetSetting } from './extract-sheet.js';

/** The scale of the third look at a sheet's code, beside the first's 3 (see `settle`). */
const THIRD_LOOK_SCALE = 4;

/**
 * Whether a code read on a sheet names a style's: the same code, or the card alone where the
 * precinct after it was not read (`Card 3` names `Card 3 RptPct 30` where no other style alike
 * prints card 3: the caller takes only a code that names one style).
 */
export function codeNames(read: string | undefined, style: string | undefined): boolean {
  if (read === undefined || style === undefined) return false;
  return read === style || (/^Card \d+$/.test(read) && style.startsWith(`${read} `));
}

/** What a sheet's printed card code said of its style. */
export interface CardEvidence {
  /** The front as the code settles it: read on the style the code names. */
  front: SettledStyle;
  /** The code as read on the sheet. */
  code: string;
}

/**
 * Styles told by the card code they print (`CardCodeReader`), where images cannot tell them:
 * styles alike in layout (see `alikeStyles`). Each such style's code is read once, on its
 * template; a sheet's code is read only when the style its image fits has others alike, so
 * sheets of styles the image tells apart cost nothing more. The recognizer starts on first use.
 */
export class CardCodes {
  private reader: CardCodeReader | undefined;
  /** Sheets whose code was read, and of those, those whose code named one of the styles alike. */
  read = 0;
  named = 0;

  constructor(private readonly setting: SheetSetting) {}

  private async codeOf(template: Template): Promise<PrintedCode | undefined> {
    this.reader ??= new CardCodeReader();
    return this.reader.onTemplate(template.image);
  }

  /**
   * The style among those alike to the one the page was read on whose template prints the
   * code the page prints; undefined when the image alone tells the style, when the styles'
   * templates print no codes that tell them apart, or when the page's code names none of them.
   * The code is looked at up to three times (the line at its place, the foot's band, the line
   * larger): one look confirms the style the page was read on, two that agree are needed to
   * overrule it, and looks that name different styles settle nothing.
   */
  async settle(page: GreyImage, front: SettledStyle): Promise<CardEvidence | undefined> {
    const { templates, alike, read, signal } = this.setting;
    const used = front.used;
    const candidates = templates.filter((t) => t === used || alike(t, used));
    if (candidates.length < 2) return undefined;
    const codes = await Promise.all(candidates.map((t) => this.codeOf(t)));
    const place = (codes[candidates.indexOf(used)] ?? codes.find((c) => c))?.place;
    // Codes tell styles apart only where their templates print at least two different ones.
    if (!place || new Set(codes.flatMap((c) => (c ? [c.code] : []))).size < 2) return undefined;
    this.read += 1;
    const reader = this.reader;
    if (!reader) return undefined;
    const transform = front.reading.registration.transform;
    // Looks at the code, each on other pixels or at another scale, taken until one settles.
    const looks = [
      () => reader.onPage(page, transform, place),
      () => reader.footOnPage(page, transform, used.image),
      () => reader.onPage(page, transform, place, THIRD_LOOK_SCALE),
    ];
    const named = new Set<Template>();
    let seen = 0;
    for (const look of looks) {
      const code = await look();
      const matching = candidates.filter((_, i) => codeNames(code, codes[i]?.code));
      const style = matching[0];
      if (matching.length !== 1 || !style || !code) continue;
      named.add(style);
      seen += 1;
      // Looks that name different styles settle nothing: the record's style stands.
      if (named.size > 1) return undefined;
      // The style the sheet was read on is confirmed by one look; another style overrules it
      // only when two looks name it (a digit misread can name another style's code).
      if (style !== used && seen < 2) continue;
      this.named += 1;
      if (style === used) return { front: { ...front, doubtful: false }, code };
      const reading = readBallot(page, style, { ...read, signal });
      return { front: { ...front, used: style, reading, doubtful: false }, code };
    }
    return undefined;
  }

  async close(): Promise<void> {
    await this.reader?.close();
  }
}
