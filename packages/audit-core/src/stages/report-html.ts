import type { ContestAnalysis, Item } from './report-contests.js';
import type { ReportData, SheetRow } from './report-data.js';
import { decidedByText, sheetDecisionKey, sheetDecisionText } from './report-decisions.js';
import type { FileHash, FrontMatter } from './report-front.js';
import {
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

export const escapeHtml = (text: string | number | undefined): string =>
  String(text ?? '').replace(
    /[<>&"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c,
  );
const e = escapeHtml;

const STYLE =
  'body{font-family:sans-serif;margin:2em;max-width:1150px;color:#111}table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}.yes{color:#b00;font-weight:bold}.no{color:#070;font-weight:bold}img{max-width:520px;border:1px solid #999}.muted{color:#666}code{font-size:11px}';

/** Bars per option: CVR, image (gray stacked on it) and adjudicated totals. */
export function contestChartSvg(c: ContestAnalysis): string {
  const max = Math.max(1, ...c.options.flatMap((o) => [o.cvr, o.image + o.gray, o.adjudicated]));
  const w = 320;
  const h = 14;
  const row = h * 3 + 10;
  const label = 170;
  const bars = c.options.map((o, i) => {
    const y = i * row;
    const bar = (dy: number, value: number, fill: string, text: string, extra = 0) =>
      `<rect x="${label}" y="${y + dy}" width="${(value / max) * w}" height="${h - 2}" fill="${fill}"/>` +
      (extra
        ? `<rect x="${label + (value / max) * w}" y="${y + dy}" width="${(extra / max) * w}" height="${h - 2}" fill="#f0a030"/>`
        : '') +
      `<text x="${label + ((value + extra) / max) * w + 4}" y="${y + dy + 10}" font-size="10" font-family="sans-serif">${e(text)}</text>`;
    return (
      `<text x="0" y="${y + h + 10}" font-size="12" font-family="sans-serif">${e(o.option.slice(0, 26))}</text>` +
      bar(0, o.cvr, '#5b7fb5', `CVR ${o.cvr}`) +
      bar(h, o.image, '#3a9a5b', `image ${o.image}${o.gray ? ` + ${o.gray} gray` : ''}`, o.gray) +
      bar(2 * h, o.adjudicated, '#7a4f9a', `adjudicated ${o.adjudicated}`)
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${label + w + 150}" height="${Math.max(1, c.options.length) * row}" role="img" aria-label="totals of ${e(c.name)}">${bars.join('')}</svg>`;
}

const img = (crops: Map<string, Buffer>, id: string, alt: string): string => {
  const png = crops.get(id);
  return png ? `<img src="data:image/png;base64,${png.toString('base64')}" alt="${e(alt)}">` : '';
};

function itemRow(
  data: ReportData,
  item: Item,
  crops: Map<string, Buffer>,
  n: number,
  pictures = true,
): string {
  const info = data.infos.get(item.contestId);
  const sheet = data.sheetInfo.get(item.sheetId);
  const picture = !pictures
    ? '<span class="muted">in its section below</span>'
    : img(
        crops,
        cropId(item.kind, item.sheetId, item.contestId),
        `sheet ${item.sheetId} contest ${item.contestId}`,
      ) ||
      `<span class="muted">${item.kind === 'No Image' ? 'no image exists' : 'no picture (limit reached or no image)'}</span>`;
  return `<tr><td>${n}</td><td>${e(item.sheetId)}<br><small>batch ${e(sheet?.batch)}, style ${e(item.style || sheet?.style)}<br>${e(item.archive)} ${e(item.entry)}</small></td><td>${e(contestName(data, item.contestId))}</td><td>${e(recordText(item, info))}</td><td>${e(imageText(item, info))}<br><small>${e(scoresText(item, info, data.targets.get(item.sheetId)))}</small></td><td>${e(decisionText(item, info))}${item.decision ? `<br><small>${e(decidedByText(item.decision))}</small>` : ''}</td><td>${picture}</td></tr>`;
}

const ITEM_HEAD =
  '<tr><th>#</th><th>Ballot</th><th>Contest</th><th>Record</th><th>Image (each mark’s score)</th><th>Adjudicated</th><th>Contest on the ballot</th></tr>';

function itemTable(
  data: ReportData,
  items: Item[],
  crops: Map<string, Buffer>,
  cap: number,
): string {
  const pictured = items.filter((i) => crops.has(cropId(i.kind, i.sheetId, i.contestId))).length;
  const left = items.length - pictured;
  return [
    left > 0 && items.length > cap
      ? `<p class="muted">Pictures are shown for the first ${cap}; ${plural(items.length - cap, 'row')} without a picture.</p>`
      : '',
    `<table>${ITEM_HEAD}${items.map((i, n) => itemRow(data, i, crops, n + 1)).join('')}</table>`,
  ].join('');
}

function sheetTable(
  rows: SheetRow[],
  crops: Map<string, Buffer>,
  cap: number,
  what: string,
  decisions: ReportData['sheetDecisions'],
): string {
  const decided = (r: SheetRow) => {
    const d = decisions.get(sheetDecisionKey(r.kind, r.sheetId, r.batch));
    return `${e(sheetDecisionText(d))}${d ? `<br><small>${e(decidedByText(d))}</small>` : ''}`;
  };
  if (rows.length === 0) return '<p>None.</p>';
  return [
    rows.length > cap
      ? `<p class="muted">Pictures are shown for the first ${cap}; ${plural(rows.length - cap, 'sheet')} without a picture.</p>`
      : '',
    '<table><tr><th>#</th><th>Sheet</th><th>Where</th><th>Detail</th><th>Adjudicated</th><th>Image</th></tr>',
    ...rows.map(
      (r, n) =>
        `<tr><td>${n + 1}</td><td>${e(r.sheetId)}</td><td>${e(r.archive)} ${e(r.entry)}</td><td>${e(r.detail)}</td><td>${decided(r)}</td><td>${img(crops, cropId(r.kind, r.sheetId), `${what} ${r.sheetId}`) || `<span class="muted">${r.kind === 'No Image' ? 'no image exists' : 'no picture'}</span>`}</td></tr>`,
    ),
    '</table>',
  ].join('');
}

const hashTable = (rows: FileHash[]): string =>
  `<table><tr><th>File</th><th>Bytes</th><th>SHA-256</th></tr>${rows.map((r) => `<tr><td>${e(r.key)}</td><td>${r.bytes}</td><td><code>${e(r.sha256)}</code></td></tr>`).join('')}</table>`;

export interface HtmlParts {
  front: FrontMatter;
  data: ReportData;
  crops: Map<string, Buffer>;
  cvrHtml: string[];
  marksHtml: string;
  problems: Record<string, string>[];
  caps: { disagreements: number; sections: number };
  /** Official results by contest and option, where the job has them. */
  official: Map<string, number>;
  /** The risk-limiting audit's section (report-rla.ts), when the job has one. */
  rlaHtml?: string;
}

function contestSection(
  c: ContestAnalysis,
  data: ReportData,
  crops: Map<string, Buffer>,
  official: Map<string, number>,
): string {
  const original = c.options.some((o) => o.cvrOriginal !== undefined);
  const given = (o: { optionId: string }) => official.get(`${c.contestId}\u0000${o.optionId}`);
  const hasOfficial = c.options.some((o) => given(o) !== undefined);
  const head = `<tr><th>Option</th>${original ? '<th>CVR original</th><th>CVR adjudicated (Modified)</th>' : '<th>CVR</th>'}<th>Image</th><th>Image gray</th><th>Adjudicated</th>${hasOfficial ? '<th>Official</th>' : ''}</tr>`;
  const rows = c.options
    .map(
      (o) =>
        `<tr><td>${e(o.option)}</td>${original ? `<td>${o.cvrOriginal ?? 0}</td>` : ''}<td>${o.cvr}</td><td>${o.image}</td><td>${o.gray}</td><td>${o.adjudicated}</td>${hasOfficial ? `<td>${given(o) ?? ''}</td>` : ''}</tr>`,
    )
    .join('');
  const differ = c.options.some((o) => o.cvr !== o.image);
  const yes = c.verdict.couldChange;
  return [
    `<h3 id="contest-${e(c.contestId)}">${e(c.name)} (vote for ${c.voteFor})</h3>`,
    `<table>${head}${rows}</table>`,
    contestChartSvg(c),
    `<p>${e(marginText(c))}</p>`,
    `<p>Items by class: ${e(kindCounts(c))}. ${e(doubtText(c))}.</p>`,
    `<p class="could-change">Could the outcome change? <span class="${yes ? 'yes' : 'no'}">${yes ? 'Yes' : 'No'}</span>: ${e(c.verdict.reason)}.</p>`,
    differ || c.differences.length
      ? `<h4>Rows that make the difference between the CVR and image totals (${c.differences.length})</h4>${
          c.unexplained.length
            ? `<p class="yes">Not explained by these rows: ${e(unexplainedText(c))} (see the swapped batches and duplicates below).</p>`
            : ''
        }${c.differences.length ? `<table>${ITEM_HEAD}${c.differences.map((i, n) => itemRow(data, i, crops, n + 1, false)).join('')}</table>` : ''}`
      : '<p>The CVR and image totals agree.</p>',
  ].join('\n');
}

/** Each swapped batch with the decision people recorded on it. */
function swappedSection(data: ReportData): string {
  const rows = data.swapped.map((s) => {
    const d = data.sheetDecisions.get(sheetDecisionKey(s.kind, s.sheetId, s.batch));
    return `<tr><td>${e(s.batch)}</td><td>${e(s.detail)}</td><td>${e(sheetDecisionText(d))}${d ? `<br><small>${e(decidedByText(d))}</small>` : ''}</td></tr>`;
  });
  return `<h2 id="swapped">Swapped batches (${data.swapped.length})</h2>${rows.length ? `<table><tr><th>Batch imaged</th><th>Detail</th><th>Adjudicated</th></tr>${rows.join('')}</table>` : '<p>None.</p>'}`;
}

/** The whole report as one HTML file: styles inline, pictures as data URIs, nothing fetched. */
export function reportHtml(p: HtmlParts): string {
  const { front, data, crops } = p;
  const disagreements = data.items.filter((i) => i.kind === 'Normal Disagreed');
  const gray = data.items.filter((i) => i.kind === 'Gray');
  const overvotes = data.items.filter((i) => i.kind === 'Agreed Overvote');
  const sections: [string, string, string][] = [
    ['summary', 'Summary', ''],
    ['contests', 'Contests', ''],
    [
      'disagreements',
      `Disagreements (${disagreements.length})`,
      itemTable(data, disagreements, crops, p.caps.disagreements),
    ],
    [
      'no-cvr',
      `No CVR (${data.sheetsOf.get('No CVR')?.length ?? 0})`,
      sheetTable(
        data.sheetsOf.get('No CVR') ?? [],
        crops,
        p.caps.sections,
        'ballot without a record',
        data.sheetDecisions,
      ),
    ],
    [
      'no-image',
      `No Image (${data.sheetsOf.get('No Image')?.length ?? 0})`,
      sheetTable(
        data.sheetsOf.get('No Image') ?? [],
        crops,
        p.caps.sections,
        'record without a ballot',
        data.sheetDecisions,
      ),
    ],
    [
      'duplicates',
      `Duplicates (${data.duplicates.length})`,
      sheetTable(data.duplicates, crops, p.caps.sections, 'duplicate', data.sheetDecisions),
    ],
    [
      'unreadable',
      `Unreadable sheets (${data.sheetsOf.get('Unreadable')?.length ?? 0})`,
      sheetTable(
        data.sheetsOf.get('Unreadable') ?? [],
        crops,
        p.caps.sections,
        'unreadable sheet',
        data.sheetDecisions,
      ),
    ],
    [
      'overvotes',
      `Overvotes (${overvotes.length})`,
      overvotes.length ? itemTable(data, overvotes, crops, p.caps.sections) : '<p>None.</p>',
    ],
    [
      'gray',
      `Gray marks (${gray.length})`,
      gray.length ? itemTable(data, gray, crops, p.caps.sections) : '<p>None.</p>',
    ],
  ];
  const contents = [
    ['front', 'About this report'],
    ...sections.map(([id, title]) => [id, title]),
    ['swapped', 'Swapped batches'],
    ...(p.rlaHtml ? [['rla', 'Risk-limiting audit']] : []),
    ['records', 'Vote records'],
    ['marks', 'Marks per style'],
    ['problems', 'Problems'],
    ['files', 'Inputs and outputs'],
  ];
  const html: string[] = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"><title>${e(front.title)}</title><style>${STYLE}</style></head><body>`,
    `<h1>${e(front.title)}</h1>`,
    `<h2 id="front">About this report</h2><table>${[
      ['Election', front.election],
      ['Jurisdiction', front.jurisdiction],
      ['Election date', front.electionDate],
      ['Audit job', front.job],
      ['Run by', front.ranBy],
      ['Generated', front.generatedAt],
      ['Engine', `Scrutineer audit engine ${front.engineVersion}, commit ${front.engineCommit}`],
    ]
      .map(([k, v]) => `<tr><th>${e(k)}</th><td>${e(v)}</td></tr>`)
      .join('')}</table>`,
    `<h3>Settings used</h3><table><tr><th>Group</th><th>Setting</th><th>Value</th></tr>${front.settings.map((s) => `<tr><td>${e(s.group)}</td><td>${e(s.argument)}</td><td>${e(s.value)}</td></tr>`).join('')}</table>`,
    `<h3>How “could the outcome change” is decided</h3><p>A ballot gives at most one vote to each option, so settling one ballot in doubt can move the margin between the last winner and the first loser by at most 2 votes. Ballots in doubt are the sheets holding the contest whose record and image disagree, whose marks are gray, that could not be read, or that have no vote record or no image, unless a person has adjudicated them. The outcome could change when 2 × the ballots in doubt is at least the audit margin (the adjudicated totals), or when the adjudicated totals elect other winners than the records. Adjudicated totals are the image totals with each adjudicated item’s decided votes in place of the image’s.</p>`,
    `<h2>Contents</h2><ol>${contents.map(([id, t]) => `<li><a href="#${id}">${e(t)}</a></li>`).join('')}</ol>`,
    `<h2 id="summary">Summary</h2><table><tr><th>Sheet class</th><th>Sheets</th></tr>${[...data.classes].map(([c, n]) => `<tr><td>${e(c)}</td><td>${n}</td></tr>`).join('')}</table>`,
    `<table><tr><th>Contest</th><th>Reported margin</th><th>Audit margin</th><th>Ballots in doubt</th><th>Could the outcome change?</th></tr>${data.contests.map((c) => `<tr><td><a href="#contest-${e(c.contestId)}">${e(c.name)}</a></td><td>${c.reported.margin}</td><td>${c.audit.margin}</td><td>${c.inDoubt}</td><td class="${c.verdict.couldChange ? 'yes' : 'no'}">${c.verdict.couldChange ? 'Yes' : 'No'}</td></tr>`).join('')}</table>`,
    '<h2 id="contests">Contests</h2>',
    ...data.contests.map((c) => contestSection(c, data, crops, p.official)),
    ...sections.slice(2).map(([id, title, body]) => `<h2 id="${id}">${e(title)}</h2>${body}`),
    swappedSection(data),
    p.rlaHtml ?? '',
    `<div id="records">${p.cvrHtml.join('\n') || '<h2>Vote records</h2><p>Nothing recorded.</p>'}</div>`,
    `<div id="marks">${p.marksHtml || '<h2>Marks per style</h2><p>No distributions recorded.</p>'}</div>`,
    `<h2 id="problems">Problems (${p.problems.length})</h2><table><tr><th>Stage</th><th>Severity</th><th>Code</th><th>File</th><th>Place</th><th>Message</th></tr>${p.problems.map((q) => `<tr><td>${e(q.stage)}</td><td>${e(q.severity)}</td><td>${e(q.code)}</td><td>${e(q.file)}</td><td>${e(q.place)}</td><td>${e(q.message)}</td></tr>`).join('')}</table>`,
    `<h2 id="files">Inputs and outputs</h2><h3>Inputs (${front.inputs.length})</h3>${hashTable(front.inputs)}<h3>Outputs of the stages (${front.outputs.length})</h3>${hashTable(front.outputs)}<p>The report’s own files are listed with their SHA-256 in genreport/sha256.txt.</p>`,
    '</body></html>',
  ];
  return html.join('\n');
}
