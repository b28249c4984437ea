import type { GreyImage } from '../image/grey.js';
import { CardCodeReader, type PrintedCode } from '../image/printed-code.js';
import { readBallot } from '../image/read.js';
import type { Template } from '../image/template.js';
import type { SettledStyle, SheetSetting } from './extract-sheet.js';

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
    const code = await this.reader?.onPage(page, front.reading.registration.transform, place);
    if (!code) return undefined;
    const named = candidates.filter((_, i) => codes[i]?.code === code);
    const style = named[0];
    if (named.length !== 1 || !style) return undefined;
    this.named += 1;
    if (style === used) return { front: { ...front, doubtful: false }, code };
    const reading = readBallot(page, style, { ...read, signal });
    return { front: { ...front, used: style, reading, doubtful: false }, code };
  }

  async close(): Promise<void> {
    await this.reader?.close();
  }
}
