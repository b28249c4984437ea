import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import sharp from 'sharp';
import yazl from 'yazl';
import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { readCsv, readCsvAll, writeCsv, type StageContext } from './context.js';
import { walkImageEntries } from './images.js';
import { listKeys, PATHS } from './job.js';
import { cvrReportSection } from './report-cvr.js';
import { markDistributionsHtml } from './report-marks.js';

const CROP_LIMIT = 200;
const escape = (text: string | number | undefined): string =>
  String(text ?? '').replace(
    /[<>&"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c,
  );

export const REPORT_COLUMNS = [
  'section',
  'contest_id',
  'contest',
  'option_id',
  'option',
  'cvr_votes',
  'audit_votes',
  'audit_gray',
  'official_votes',
  'kind',
  'sheet_id',
  'image_votes',
  'cvr_votes_recorded',
  'detail',
  'adjudication',
];

interface ContestVerdict {
  contestId: string;
  name: string;
  margin: number;
  inDoubt: number;
  couldChange: boolean;
}

/** Crops of the contest's targets on the sheets that disagree, under `<folder>/crops/`. */
export async function cropDisagreements(
  ctx: StageContext,
  rows: Record<string, string>[],
  folder = 'genreport',
): Promise<Map<number, string>> {
  const crops = new Map<number, string>();
  const wanted = rows
    .map((r, i) => ({ r, i }))
    .filter(({ r }) => r.kind === 'Normal Disagreed' && r.archive)
    .slice(0, CROP_LIMIT);
  if (wanted.length === 0) return crops;
  const sheets = new Set(wanted.map(({ r }) => r.sheet_id));
  const boxes = new Map<string, { x0: number; y0: number; x1: number; y1: number; side: number }>();
  for await (const t of readCsv(ctx.store, PATHS.votesTargets)) {
    if (!sheets.has(t.sheet_id)) continue;
    const key = `${t.sheet_id}\u0000${t.contest_id}`;
    const x = Number(t.x);
    const y = Number(t.y);
    // A target read on a later side names that side's template, `<style>~<side>`.
    const side = Number(/~(\d+)$/.exec(t.style ?? '')?.[1] ?? 1);
    const b = boxes.get(key) ?? { x0: x, y0: y, x1: x, y1: y, side };
    boxes.set(key, {
      x0: Math.min(b.x0, x),
      y0: Math.min(b.y0, y),
      x1: Math.max(b.x1, x),
      y1: Math.max(b.y1, y),
      side,
    });
  }
  const bif = new Map<string, Record<string, string>>();
  for await (const row of readCsv(ctx.store, PATHS.bif))
    if (sheets.has(row.sheet_id)) bif.set(row.sheet_id ?? '', row);
  for (const archive of new Set(wanted.map(({ r }) => r.archive ?? ''))) {
    const byIndex = new Map<number, { r: Record<string, string>; i: number }[]>();
    for (const w of wanted.filter(({ r }) => r.archive === archive)) {
      const index = Number(bif.get(w.r.sheet_id ?? '')?.entry_index);
      byIndex.set(index, [...(byIndex.get(index) ?? []), w]);
    }
    for await (const item of walkImageEntries(ctx.store, archive, (i) => byIndex.has(i))) {
      ctx.checkCancelled();
      if (item.type === 'problem') continue;
      // An entry that cannot be unpacked any more has no crop; the report goes on without it.
      const bytes = await item.read().catch(() => null);
      if (!bytes) continue;
      for (const { r, i } of byIndex.get(item.entry.entryIndex) ?? []) {
        const box = boxes.get(`${r.sheet_id}\u0000${r.contest_id}`);
        if (!box) continue;
        try {
          const pages = (await sharp(bytes).metadata()).pages ?? 1;
          const page = box.side <= pages ? box.side - 1 : 0;
          const meta = await sharp(bytes, { page }).metadata();
          const pad = Math.round((meta.density ?? 200) * 0.35);
          const left = Math.max(0, Math.round(box.x0 - pad));
          const top = Math.max(0, Math.round(box.y0 - pad));
          const width = Math.min((meta.width ?? 0) - left, Math.round(box.x1 - box.x0 + pad * 5));
          const height = Math.min((meta.height ?? 0) - top, Math.round(box.y1 - box.y0 + pad * 2));
          const png = await sharp(bytes, { page })
            .extract({ left, top, width, height })
            .greyscale()
            .png()
            .toBuffer();
          const name = `crops/${String(i + 1).padStart(5, '0')}.png`;
          await ctx.store.write(`${folder}/${name}`, png);
          crops.set(i, name);
        } catch (error) {
          ctx.problem({
            severity: 'warning',
            code: 'crop-failed',
            file: archive,
            place: item.entry.entry,
            message: error instanceof Error ? error.message : String(error),
          });
        }
      }
    }
  }
  return crops;
}

function bars(rows: Record<string, string>[], official: Map<string, number>): string {
  const max = Math.max(
    1,
    ...rows.flatMap((r) => [Number(r.cvr_votes), Number(r.audit_votes) + Number(r.audit_gray)]),
  );
  const w = 360;
  const h = 18;
  const svg = rows.map((r, i) => {
    const y = i * (h * 2 + 8);
    const cvr = (Number(r.cvr_votes) / max) * w;
    const audit = (Number(r.audit_votes) / max) * w;
    const gray = (Number(r.audit_gray) / max) * w;
    const off = official.get(`${r.contest_id}\u0000${r.option_id}`);
    return (
      `<text x="0" y="${y + 13}" font-size="12">${escape(r.option)}</text>` +
      `<rect x="160" y="${y}" width="${cvr}" height="${h - 2}" fill="#5b7fb5"/><text x="${164 + cvr}" y="${y + 13}" font-size="11">CVR ${r.cvr_votes}</text>` +
      `<rect x="160" y="${y + h}" width="${audit}" height="${h - 2}" fill="#3a9a5b"/><rect x="${160 + audit}" y="${y + h}" width="${gray}" height="${h - 2}" fill="#f0a030"/>` +
      `<text x="${164 + audit + gray}" y="${y + h + 13}" font-size="11">audit ${r.audit_votes}${Number(r.audit_gray) ? ` + ${r.audit_gray} gray` : ''}${off !== undefined ? `, official ${off}` : ''}</text>`
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${160 + w + 200}" height="${rows.length * (h * 2 + 8)}">${svg.join('')}</svg>`;
}

/**
 * The final report: per contest the CVR, audit and (when given) official totals with a chart,
 * whether the disagreements and the sheets in doubt could change the outcome, the list of
 * disagreements with crops of the ballot images, and every problem the stages logged.
 */
export async function genReport(ctx: StageContext): Promise<void> {
  const totals = await readCsvAll(ctx.store, PATHS.totals);
  const summary = await readCsvAll(ctx.store, PATHS.contestSummary);
  const disagreements = await readCsvAll(ctx.store, PATHS.disagreements);
  const adjudication = await adjudicationsOf(ctx);
  const judged = (d: Record<string, string>): string =>
    adjudication.get(`${d.kind}\u0000${d.sheet_id}\u0000${d.contest_id}`) ?? 'not adjudicated';
  const sheets = await readCsvAll(ctx.store, PATHS.sheets);
  const official = new Map<string, number>();
  for await (const row of readCsv(ctx.store, PATHS.official))
    official.set(`${row.contest_id}\u0000${row.option_id}`, Number(row.votes));
  const problems: Record<string, string>[] = [];
  for (const key of await listKeys(ctx.store, ''))
    if (/^[a-z_]+\/problems\.csv$/.test(key) && !key.startsWith('genreport/'))
      problems.push(...(await readCsvAll(ctx.store, key)));
  const verdicts: ContestVerdict[] = summary.map((s) => {
    const inDoubt = Number(s.disagreed) + Number(s.gray) + Number(s.unmatched_sheets);
    const margin = Number(s.margin);
    return {
      contestId: s.contest_id ?? '',
      name: s.contest ?? '',
      margin,
      inDoubt,
      couldChange: inDoubt >= margin,
    };
  });
  const crops = await cropDisagreements(ctx, disagreements);
  const classes = new Map<string, number>();
  for (const s of sheets) classes.set(s.class ?? '', (classes.get(s.class ?? '') ?? 0) + 1);

  const cvr = await cvrReportSection(ctx);
  const html: string[] = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Ballot image audit report</title>',
    '<style>body{font-family:sans-serif;margin:2em;max-width:1100px}table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}.yes{color:#b00;font-weight:bold}.no{color:#070}img{max-width:420px;border:1px solid #999}</style></head><body>',
    '<h1>Ballot image audit report</h1>',
    `<h2>Sheets</h2><table><tr><th>Class</th><th>Sheets</th></tr>${[...classes].map(([c, n]) => `<tr><td>${escape(c)}</td><td>${n}</td></tr>`).join('')}</table>`,
    ...cvr.html,
    '<h2>Contests</h2>',
  ];
  for (const s of summary) {
    const v = verdicts.find((x) => x.contestId === s.contest_id);
    const rows = totals.filter((t) => t.contest_id === s.contest_id);
    html.push(
      `<h3>${escape(s.contest)} (vote for ${escape(s.vote_for)})</h3>`,
      bars(rows, official),
      `<p>Sheets compared ${escape(s.sheets)}: fully agreed ${escape(s.fully_agreed)}, disagreed ${escape(s.disagreed)}, gray ${escape(s.gray)}, agreed overvote ${escape(s.agreed_overvote)}, agreed undervote ${escape(s.agreed_undervote)}, agreed write-in ${escape(s.agreed_write_in)}; sheets without a match ${escape(s.unmatched_sheets)}. Margin ${escape(s.margin)} votes; disagreements are ${s.disagreed_share_of_margin ? `${(Number(s.disagreed_share_of_margin) * 100).toFixed(1)}%` : 'n/a'} of it.</p>`,
      `<p>Could the disagreements change the outcome? <span class="${v?.couldChange ? 'yes' : 'no'}">${v?.couldChange ? 'Yes' : 'No'}</span>: ${v?.inDoubt ?? 0} sheets in doubt against a margin of ${v?.margin ?? 0}.</p>`,
    );
  }
  html.push(
    `<h2>Disagreements (${disagreements.length})</h2><table><tr><th>#</th><th>Kind</th><th>Sheet</th><th>Contest</th><th>Image</th><th>CVR</th><th>Detail</th><th>Adjudication</th><th>Image crop</th></tr>`,
  );
  disagreements.forEach((d, i) => {
    const crop = crops.get(i);
    html.push(
      `<tr><td>${i + 1}</td><td>${escape(d.kind)}</td><td>${escape(d.sheet_id)}<br><small>${escape(d.archive)} ${escape(d.entry)}</small></td><td>${escape(d.contest_id)}</td><td>${escape(d.image_votes)}${d.image_gray ? ` (gray ${escape(d.image_gray)})` : ''}</td><td>${escape(d.cvr_votes)}</td><td>${escape(d.detail)}</td><td>${escape(judged(d))}</td><td>${crop ? `<img src="${crop}" alt="sheet ${escape(d.sheet_id)} contest ${escape(d.contest_id)}">` : ''}</td></tr>`,
    );
  });
  html.push(
    '</table>',
    await markDistributionsHtml(ctx.store),
    `<h2>Problems (${problems.length})</h2><table><tr><th>Stage</th><th>Severity</th><th>Code</th><th>File</th><th>Place</th><th>Message</th></tr>`,
  );
  for (const p of problems)
    html.push(
      `<tr><td>${escape(p.stage)}</td><td>${escape(p.severity)}</td><td>${escape(p.code)}</td><td>${escape(p.file)}</td><td>${escape(p.place)}</td><td>${escape(p.message)}</td></tr>`,
    );
  html.push('</table></body></html>');
  await ctx.store.write(PATHS.reportHtml, html.join('\n'));

  const csvRows: Record<string, unknown>[] = [
    ...totals.map((t) => ({
      section: 'totals',
      ...t,
      contest: summary.find((s) => s.contest_id === t.contest_id)?.contest,
      official_votes: official.get(`${t.contest_id}\u0000${t.option_id}`),
    })),
    ...verdicts.map((v) => ({
      section: 'outcome',
      contest_id: v.contestId,
      contest: v.name,
      detail: `${v.couldChange ? 'could change' : 'cannot change'}: ${v.inDoubt} sheets in doubt, margin ${v.margin}`,
    })),
    ...disagreements.map((d) => ({
      section: 'disagreement',
      kind: d.kind,
      sheet_id: d.sheet_id,
      contest_id: d.contest_id,
      image_votes: d.image_votes,
      cvr_votes_recorded: d.cvr_votes,
      detail: d.detail,
      adjudication: judged(d),
    })),
    ...cvr.csvRows,
  ];
  await writeCsv(ctx.store, PATHS.reportCsv, REPORT_COLUMNS, csvRows);
  await ctx.store.write(
    PATHS.reportPdf,
    await reportPdf(summary, totals, verdicts, disagreements, classes, cvr.lines),
  );
  ctx.info(
    `report: ${summary.length} contests, ${disagreements.length} disagreements, ${crops.size} crops, ${problems.length} problems`,
  );
  ctx.progress(1, 1);
}

/**
 * Decisions the adjudicate stage recorded, by kind, sheet and contest: `adjudicated: <decision>`.
 * Without the file (no adjudicate stage ran), every disagreement reads 'not adjudicated'.
 */
async function adjudicationsOf(ctx: StageContext): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for await (const a of readCsv(ctx.store, PATHS.adjudications)) {
    const decided = a.decision
      ? `adjudicated: ${a.decision}${a.decided_votes ? ` (${a.decided_votes})` : ''}`
      : 'not adjudicated';
    found.set(`${a.kind}\u0000${a.sheet_id}\u0000${a.contest_id}`, decided);
  }
  return found;
}

async function reportPdf(
  summary: Record<string, string>[],
  totals: Record<string, string>[],
  verdicts: ContestVerdict[],
  disagreements: Record<string, string>[],
  classes: Map<string, number>,
  cvrLines: string[] = [],
): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = pdf.addPage([612, 792]);
  let y = 750;
  const line = (text: string, f: PDFFont = font, size = 10): void => {
    if (y < 50) {
      page = pdf.addPage([612, 792]);
      y = 750;
    }
    // Standard fonts carry WinAnsi only.
    page.drawText(text.replace(/[^\x20-\x7e]/g, '?').slice(0, 110), {
      x: 40,
      y,
      size,
      font: f,
      color: rgb(0, 0, 0),
    });
    y -= size + 5;
  };
  line('Ballot image audit report', bold, 16);
  line(`Sheets: ${[...classes].map(([c, n]) => `${c} ${n}`).join(', ')}`);
  for (const text of cvrLines) line(text);
  for (const s of summary) {
    y -= 6;
    line(`${s.contest} (vote for ${s.vote_for})`, bold, 12);
    for (const t of totals.filter((x) => x.contest_id === s.contest_id))
      line(
        `  ${t.option}: CVR ${t.cvr_votes}, audit ${t.audit_votes}${Number(t.audit_gray) ? ` + ${t.audit_gray} gray` : ''}`,
      );
    const v = verdicts.find((x) => x.contestId === s.contest_id);
    line(
      `  Disagreed ${s.disagreed}, gray ${s.gray}, unmatched ${s.unmatched_sheets}; margin ${s.margin}. Could change the outcome: ${v?.couldChange ? 'YES' : 'no'}`,
    );
  }
  y -= 6;
  line(`Disagreements (${disagreements.length})`, bold, 12);
  for (const d of disagreements)
    line(
      `  ${d.kind} ${d.sheet_id ?? ''} ${d.contest_id ?? ''} image [${d.image_votes ?? ''}] CVR [${d.cvr_votes ?? ''}] ${d.detail ?? ''}`,
    );
  return Buffer.from(await pdf.save());
}

async function zipKeys(ctx: StageContext, keys: string[], target: string): Promise<void> {
  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  const writing = ctx.store.write(target, out);
  for (const key of keys) {
    ctx.checkCancelled();
    zip.addReadStream(await ctx.store.read(key), key);
  }
  zip.end();
  await writing;
}

/** A zip of what officials and observers download: BIF, votes, comparison and report. */
export async function exportJob(ctx: StageContext): Promise<void> {
  const prefixes = [
    'precheck/manifest.csv',
    'gen_bif/cvr-tallies.json',
    'gen_bif/bif.csv',
    'gen_bif/residue.csv',
    'gentemplates/target-mapping.csv',
    'extractvote/',
    'cmpcvr/',
    'genreport/',
  ];
  const keys = (await listKeys(ctx.store, '')).filter(
    (k) => prefixes.some((p) => k.startsWith(p)) && !k.includes('/batches/'),
  );
  await zipKeys(ctx, keys, PATHS.exportZip);
  ctx.info(`export: ${keys.length} files`);
  ctx.progress(1, 1);
}

/**
 * Archives the job: every stage output and log in one zip, and an inventory of every file
 * with its SHA-256, inputs included (they stay where they are; the inventory proves them).
 */
export async function archiveJob(ctx: StageContext): Promise<void> {
  const all = (await listKeys(ctx.store, '')).filter((k) => !k.startsWith('archive/'));
  const inventory: Record<string, unknown>[] = [];
  for (const key of all) {
    ctx.checkCancelled();
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of await ctx.store.read(key)) {
      hash.update(chunk as Buffer);
      bytes += (chunk as Buffer).length;
    }
    inventory.push({ key, bytes, sha256: hash.digest('hex'), archived: !key.startsWith('input/') });
  }
  await writeCsv(
    ctx.store,
    PATHS.archiveInventory,
    ['key', 'bytes', 'sha256', 'archived'],
    inventory,
  );
  await zipKeys(
    ctx,
    [...all.filter((k) => !k.startsWith('input/')), PATHS.archiveInventory],
    PATHS.archiveZip,
  );
  ctx.info(`archive: ${inventory.length} files listed`);
  ctx.progress(1, 1);
}
