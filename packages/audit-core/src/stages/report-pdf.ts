import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import sharp from 'sharp';
import type { Item } from './report-contests.js';
import type { ReportData, SheetRow } from './report-data.js';
import type { FrontMatter } from './report-front.js';
import type { RlaPdfLine } from './report-rla.js';
import { contestChartSvg } from './report-html.js';
import {
  couldChangeText,
  cropId,
  decisionText,
  doubtText,
  imageText,
  contestName,
  kindCounts,
  marginText,
  plural,
  recordText,
  scoresText,
  unexplainedText,
} from './report-text.js';
import { decidedByText, sheetDecisionKey, sheetDecisionText } from './report-decisions.js';

const W = 612;
const H = 792;
const M = 40;
/** Rows a PDF section lists; the HTML and CSV list them all. */
const PDF_ROWS = 200;

/** A flowing writer over pdf-lib pages: wrapped lines, pictures, and headings for contents. */
class Flow {
  page: PDFPage;
  y = H - M;
  readonly headings: { title: string; page: number; level: number }[] = [];
  constructor(
    readonly pdf: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = pdf.addPage([W, H]);
  }
  newPage(): void {
    this.page = this.pdf.addPage([W, H]);
    this.y = H - M;
  }
  space(h: number): void {
    if (this.y - h < M) this.newPage();
  }
  // Standard fonts carry WinAnsi only.
  clean = (text: string): string =>
    text
      .replace(/[‘’]/g, "'")
      .replace(/[“”]/g, '"')
      .replace(/[–—]/g, '-')
      .replace(/×/g, 'x')
      .replace(/[^\x20-\x7e]/g, '?');
  text(text: string, size = 9, font: PDFFont = this.font, indent = 0): void {
    const words = this.clean(text).split(' ');
    const max = W - 2 * M - indent;
    let line = '';
    const flush = () => {
      this.space(size + 4);
      this.page.drawText(line, {
        x: M + indent,
        y: this.y - size,
        size,
        font,
        color: rgb(0, 0, 0),
      });
      this.y -= size + 3;
      line = '';
    };
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > max && line) {
        flush();
        line = word;
      } else line = next;
    }
    if (line) flush();
  }
  heading(title: string, level = 1): void {
    const size = level === 1 ? 15 : 12;
    // A main section starts a page unless most of the page is still free.
    if (level === 1 && this.y < H * 0.6) this.newPage();
    this.space(size + 30);
    this.y -= 6;
    this.headings.push({ title, page: this.pdf.getPageCount(), level });
    this.text(title, size, this.bold);
    this.y -= 3;
  }
  async image(png: Buffer, maxWidth = 300, indent = 0): Promise<void> {
    // pdf-lib decodes a PNG in JavaScript (~0.1 s each); a JPEG goes in as it is.
    const jpeg = await sharp(png)
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
    const embedded = await this.pdf.embedJpg(jpeg);
    const scale = Math.min(1, maxWidth / embedded.width, (H - 2 * M) / embedded.height);
    const w = embedded.width * scale;
    const h = embedded.height * scale;
    this.space(h + 4);
    this.page.drawImage(embedded, { x: M + indent, y: this.y - h, width: w, height: h });
    this.y -= h + 6;
  }
}

export interface PdfParts {
  front: FrontMatter;
  data: ReportData;
  crops: Map<string, Buffer>;
  cvrLines: string[];
  problems: Record<string, string>[];
  official: Map<string, number>;
  /** The risk-limiting audit's section (report-rla.ts), when the job has one. */
  rlaLines?: RlaPdfLine[];
}

async function items(flow: Flow, data: ReportData, list: Item[], crops: Map<string, Buffer>) {
  if (list.length === 0) return flow.text('None.');
  for (const [n, item] of list.slice(0, PDF_ROWS).entries()) {
    const info = data.infos.get(item.contestId);
    const sheet = data.sheetInfo.get(item.sheetId);
    flow.space(60);
    flow.text(
      `${n + 1}. Ballot ${item.sheetId}, batch ${sheet?.batch ?? ''}, style ${item.style || sheet?.style || ''}, contest ${contestName(data, item.contestId)}`,
      9,
      flow.bold,
    );
    flow.text(`Record: ${recordText(item, info)}`, 9, flow.font, 10);
    flow.text(`Image: ${imageText(item, info)}`, 9, flow.font, 10);
    const scores = scoresText(item, info, data.targets.get(item.sheetId));
    if (scores) flow.text(`Scores: ${scores}`, 8, flow.font, 10);
    flow.text(
      `Adjudicated: ${decisionText(item, info)}${item.decision ? ` (${decidedByText(item.decision)})` : ''}`,
      9,
      flow.font,
      10,
    );
    const png = crops.get(cropId(item.kind, item.sheetId, item.contestId));
    if (png) await flow.image(png, 260, 10);
  }
  if (list.length > PDF_ROWS)
    flow.text(`${plural(list.length - PDF_ROWS, 'more row')} in the HTML report and the CSV.`);
}

async function sheets(flow: Flow, rows: SheetRow[], crops: Map<string, Buffer>) {
  if (rows.length === 0) return flow.text('None.');
  for (const [n, r] of rows.slice(0, PDF_ROWS).entries()) {
    flow.space(40);
    flow.text(`${n + 1}. ${r.sheetId} ${r.archive} ${r.entry} ${r.detail}`, 9);
    const png = crops.get(cropId(r.kind, r.sheetId));
    if (png) await flow.image(png, 200, 10);
    else if (r.kind === 'No Image') flow.text('No image exists for this record.', 8, flow.font, 10);
  }
  if (rows.length > PDF_ROWS)
    flow.text(`${plural(rows.length - PDF_ROWS, 'more sheet')} in the HTML report and the CSV.`);
}

/** The report as a PDF: the same content as the HTML, a contents page second. */
export async function reportPdf(p: PdfParts, marksPng: Buffer[]): Promise<Buffer> {
  const { front, data, crops } = p;
  const pdf = await PDFDocument.create();
  pdf.setTitle(front.title);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.Courier);
  const flow = new Flow(pdf, font, bold);
  flow.text(front.title, 18, bold);
  flow.y -= 6;
  for (const [k, v] of [
    ['Election', front.election],
    ['Jurisdiction', front.jurisdiction],
    ['Election date', front.electionDate],
    ['Audit job', front.job],
    ['Run by', front.ranBy],
    ['Generated', front.generatedAt],
    ['Engine', `Scrutineer audit engine ${front.engineVersion}, commit ${front.engineCommit}`],
  ])
    flow.text(`${k}: ${v}`, 10);
  flow.y -= 6;
  flow.text('Settings used', 11, bold);
  for (const s of front.settings) flow.text(`${s.group} / ${s.argument}: ${s.value}`, 8);
  flow.y -= 6;
  flow.text('How "could the outcome change" is decided', 11, bold);
  flow.text(
    'A ballot gives at most one vote to each option, so settling one ballot in doubt can move the margin between the last winner and the first loser by at most 2 votes. Ballots in doubt are the sheets holding the contest that disagree, are gray, could not be read, or have no record or no image, unless adjudicated. The outcome could change when 2 x the ballots in doubt is at least the audit margin (adjudicated totals), or when the adjudicated totals elect other winners than the records.',
    8,
  );

  flow.heading('Summary');
  flow.text(`Sheets: ${[...data.classes].map(([c, n]) => `${c} ${n}`).join(', ')}`);
  for (const c of data.contests)
    flow.text(
      `${c.name}: reported margin ${c.reported.margin}, audit margin ${c.audit.margin}, ${c.inDoubt} in doubt. Could change: ${c.verdict.couldChange ? 'YES' : 'no'}`,
    );
  flow.heading('Contests');
  for (const c of data.contests) {
    flow.heading(`${c.name} (vote for ${c.voteFor})`, 2);
    const original = c.options.some((o) => o.cvrOriginal !== undefined);
    for (const o of c.options)
      flow.text(
        `${o.option}: ${original ? `CVR original ${o.cvrOriginal ?? 0}, CVR adjudicated (Modified) ${o.cvr}` : `CVR ${o.cvr}`}, image ${o.image}${o.gray ? ` + ${o.gray} gray` : ''}, adjudicated ${o.adjudicated}${p.official.has(`${c.contestId}\u0000${o.optionId}`) ? `, official ${p.official.get(`${c.contestId}\u0000${o.optionId}`)}` : ''}`,
        9,
        font,
        10,
      );
    await flow.image(
      await sharp(Buffer.from(contestChartSvg(c)))
        .png()
        .toBuffer(),
      420,
    );
    flow.text(marginText(c));
    flow.text(`Items by class: ${kindCounts(c)}. ${doubtText(c)}.`);
    flow.text(couldChangeText(c), 10, bold);
    if (c.differences.length > 0) {
      flow.text(
        `Rows that make the difference between the CVR and image totals (${c.differences.length}):`,
        9,
        bold,
      );
      for (const i of c.differences.slice(0, PDF_ROWS)) {
        const info = data.infos.get(i.contestId);
        flow.text(
          `${i.kind} ${i.sheetId}: record ${recordText(i, info)}; image ${imageText(i, info)}; ${decisionText(i, info)}`,
          8,
          font,
          10,
        );
      }
      if (c.unexplained.length)
        flow.text(`Not explained by these rows: ${unexplainedText(c)}`, 8, bold, 10);
    }
  }
  const disagreements = data.items.filter((i) => i.kind === 'Normal Disagreed');
  flow.heading(`Disagreements (${disagreements.length})`);
  await items(flow, data, disagreements, crops);
  flow.heading(`No CVR (${data.sheetsOf.get('No CVR')?.length ?? 0})`);
  await sheets(flow, data.sheetsOf.get('No CVR') ?? [], crops);
  flow.heading(`No Image (${data.sheetsOf.get('No Image')?.length ?? 0})`);
  await sheets(flow, data.sheetsOf.get('No Image') ?? [], crops);
  flow.heading(`Duplicates (${data.duplicates.length})`);
  await sheets(flow, data.duplicates, crops);
  flow.heading(`Unreadable sheets (${data.sheetsOf.get('Unreadable')?.length ?? 0})`);
  await sheets(flow, data.sheetsOf.get('Unreadable') ?? [], crops);
  const overvotes = data.items.filter((i) => i.kind === 'Agreed Overvote');
  flow.heading(`Overvotes (${overvotes.length})`);
  await items(flow, data, overvotes, crops);
  const gray = data.items.filter((i) => i.kind === 'Gray');
  flow.heading(`Gray marks (${gray.length})`);
  await items(flow, data, gray, crops);
  flow.heading(`Swapped batches (${data.swapped.length})`);
  for (const s of data.swapped) {
    const d = data.sheetDecisions.get(sheetDecisionKey(s.kind, s.sheetId, s.batch));
    flow.text(s.detail);
    flow.text(
      `Adjudicated: ${sheetDecisionText(d)}${d ? ` (${decidedByText(d)})` : ''}`,
      9,
      flow.font,
      10,
    );
  }
  if (data.swapped.length === 0) flow.text('None.');
  if (p.rlaLines?.length) {
    flow.heading('Risk-limiting audit');
    for (const line of p.rlaLines) {
      const png = line.crop ? crops.get(line.crop) : undefined;
      if (png) await flow.image(png, 260, line.indent ?? 0);
      else if (!line.crop) flow.text(line.text, 8, line.bold ? bold : font, line.indent ?? 0);
    }
  }
  flow.heading('Vote records');
  for (const line of p.cvrLines) flow.text(line, 8);
  flow.heading('Marks per style');
  for (const png of marksPng) await flow.image(png, 520);
  if (marksPng.length === 0) flow.text('No distributions recorded.');
  flow.heading(`Problems (${p.problems.length})`);
  for (const q of p.problems.slice(0, PDF_ROWS))
    flow.text(`${q.stage} ${q.severity} ${q.code}: ${q.file} ${q.place ?? ''}: ${q.message}`, 8);
  if (p.problems.length > PDF_ROWS)
    flow.text(`${p.problems.length - PDF_ROWS} more in the HTML report.`);
  flow.heading('Inputs and outputs');
  for (const [title, rows] of [
    ['Inputs', front.inputs],
    ['Outputs of the stages', front.outputs],
  ] as const) {
    flow.text(`${title} (${rows.length})`, 10, bold);
    for (const r of rows) {
      flow.text(`${r.key} (${r.bytes} bytes)`, 8);
      flow.text(r.sha256, 7, mono, 10);
    }
  }
  flow.text("The report's own files are listed with their SHA-256 in genreport/sha256.txt.", 8);

  // The contents pages go second; the headings after them move on by as many pages.
  const perPage = Math.floor((H - 2 * M - 40) / 14);
  const count = Math.max(1, Math.ceil(flow.headings.length / perPage));
  for (let n = 0; n < count; n += 1) {
    const page = pdf.insertPage(1 + n, [W, H]);
    let y = H - M - 18;
    page.drawText(n === 0 ? 'Contents' : 'Contents (continued)', { x: M, y, size: 16, font: bold });
    y -= 24;
    for (const h of flow.headings.slice(n * perPage, (n + 1) * perPage)) {
      const size = h.level === 1 ? 10 : 8;
      page.drawText(flow.clean(h.title).slice(0, 90), {
        x: M + (h.level - 1) * 14,
        y,
        size,
        font: h.level === 1 ? bold : font,
      });
      page.drawText(String(h.page + count), { x: W - M - 20, y, size, font });
      y -= 14;
    }
  }
  return Buffer.from(await pdf.save({ objectsPerTick: 1000 }));
}
