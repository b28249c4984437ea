import { readJson } from '../storage/index.js';
import type { StageContext } from './context.js';
import { PATHS } from './job.js';
import type { CropRequest } from './report-crops.js';
import { countedVotes, findSampledImages, threeWay, type SampledImages } from './sampled-images.js';

/** One contest's measurement after a round, as the server records it. */
export interface ReportRlaResult {
  contest_id: string;
  draws: number;
  o1: number;
  o2: number;
  u1: number;
  u2: number;
  risk: number;
  risk_limit_met: boolean;
  stopping_size: number;
  full_hand_count: boolean;
}

/**
 * The job's risk-limiting audit as the server writes it for genreport (`genreport/rla.json`):
 * method, seed, contests, rounds with who and when, and every sampled ballot with its record,
 * the board's reading and who entered it.
 */
export interface ReportRla {
  method: string;
  /** Error inflation of a comparison audit; null for ballot polling. */
  gamma: number | null;
  sampler: string;
  status: string;
  risk_limit: number;
  seed: string;
  cvr_file: string;
  manifest_file: string;
  ballots: number;
  created_by: string;
  created_at: string;
  ended_at: string | null;
  boards: { id: string; name: string; members: string[] }[];
  contests: {
    id: string;
    name: string;
    vote_for: number;
    options: { id: string; name: string }[];
    votes: Record<string, number>;
    winners: string[];
    margin_votes: number;
    diluted_margin: number;
  }[];
  rounds: {
    number: number;
    draws_before: number;
    draws: number;
    ballots: number;
    read: number;
    status: string;
    started_by: string;
    started_at: string;
    ended_at: string | null;
    results: ReportRlaResult[] | null;
  }[];
  sampled: {
    ballot_key: string;
    scanner: string;
    batch: string;
    position: number;
    location: string;
    round: number;
    board: string;
    ticket: string;
    times_sampled: number;
    cvr_id: string | null;
    record: Record<string, string[]> | null;
    reading: { not_found: boolean; contests: Record<string, string[]> } | null;
    read_at: string | null;
    entered_by: string[];
    discrepancies: Record<string, number> | null;
  }[];
}

/** One row of the side-by-side table: a sampled ballot's contest as each audit read it. */
export interface RlaSideBySide {
  n: number;
  ballot: ReportRla['sampled'][number];
  contestId: string;
  contest: string;
  record: string;
  paper: string;
  image: string;
  discrepancy: number | null;
  agreement: string;
  agree: boolean;
  sheetId: string | null;
  cropId: string | null;
}

export interface RlaReport {
  rla: ReportRla;
  images: SampledImages;
  rows: RlaSideBySide[];
  crops: CropRequest[];
}

/** Pictures for ballots whose paper, image and record do not all agree, then the rest. */
export const RLA_CROPS = 60;

export const RLA_CSV_COLUMNS = [
  'rla_round',
  'rla_ballot',
  'rla_board_reading',
  'rla_discrepancy',
  'rla_risk',
  'rla_risk_limit_met',
];

const STATUS: Record<string, string> = {
  in_progress: 'in progress',
  risk_limit_met: 'risk limit met',
  full_hand_count: 'full hand count required',
};
export const rlaStatusText = (s: string): string => STATUS[s] ?? s;

const DISCREPANCY: Record<string, string> = {
  '2': '2-vote overstatement',
  '1': '1-vote overstatement',
  '0': 'none',
  '-1': '1-vote understatement',
  '-2': '2-vote understatement',
};
export const discrepancyText = (d: number | null): string =>
  d === null ? 'not read yet' : (DISCREPANCY[String(d)] ?? String(d));

const riskText = (p: number): string => (p > 0 && p < 0.0001 ? '< 0.0001' : p.toFixed(4));
const pct = (x: number): string => `${(x * 100).toFixed(2)}%`;

/** Reads the audit the server wrote, finds its ballots in the image audit and lines them up. */
export async function loadRlaReport(ctx: StageContext): Promise<RlaReport | null> {
  if (!(await ctx.store.exists(PATHS.reportRla))) return null;
  const rla = await readJson<ReportRla>(ctx.store, PATHS.reportRla);
  const images = await findSampledImages(
    ctx,
    rla.sampled.map((b) => ({ id: b.ballot_key, cvrId: b.cvr_id })),
    rla.contests,
  );
  const rows: RlaSideBySide[] = [];
  for (const ballot of rla.sampled)
    for (const contest of rla.contests) {
      const names = new Map(contest.options.map((o) => [o.id, o.name]));
      const named = (votes: string[]) =>
        votes.length ? votes.map((v) => names.get(v) ?? v).join(', ') : 'no vote';
      const image = images.images.get(ballot.ballot_key);
      const read = image?.contests.find((c) => c.contestId === contest.id);
      const counted = (v: string[]) => countedVotes(v, contest.vote_for);
      const paper = ballot.reading
        ? ballot.reading.not_found
          ? null
          : counted(ballot.reading.contests[contest.id] ?? [])
        : undefined;
      const record = ballot.record ? counted(ballot.record[contest.id] ?? []) : null;
      const imageVotes = read?.read ? (read.overvote ? [] : counted(read.votes)) : null;
      const imageText = !images.compared
        ? 'the image audit has not compared this job yet'
        : !image?.sheetId
          ? 'no sheet in the image audit'
          : !read?.read
            ? `not read (${image.sheetClass}${image.detail ? `: ${image.detail}` : ''})`
            : `${read.overvote ? `overvote (${named(read.votes)}): no vote` : named(read.votes)}${read.gray.length ? `; gray: ${named(read.gray)}` : ''}`;
      const three =
        paper === undefined
          ? { agree: true, text: 'not read yet' }
          : threeWay(paper, imageVotes, record);
      // In a swapped batch the image audit compared this image with another position's record.
      const other =
        image?.detail.startsWith('record ') && image.detail !== `record ${ballot.cvr_id ?? ''}`
          ? `; the image audit compared this image with ${image.detail}`
          : '';
      rows.push({
        n: rows.length + 1,
        ballot,
        contestId: contest.id,
        contest: contest.name,
        record: ballot.record ? named(record ?? []) : 'no record',
        paper:
          paper === undefined ? 'not read yet' : paper === null ? 'ballot not found' : named(paper),
        image: imageText,
        discrepancy: ballot.discrepancies ? (ballot.discrepancies[contest.id] ?? 0) : null,
        agreement: `${three.text}${other}`,
        agree: three.agree,
        sheetId: image?.sheetId ?? null,
        cropId: read?.crop?.id ?? null,
      });
    }
  const differing = rows.filter((r) => r.cropId && !r.agree);
  const agreeing = rows.filter((r) => r.cropId && r.agree);
  const chosen = new Set(
    [...differing, ...agreeing].slice(0, RLA_CROPS).map((r) => r.cropId ?? ''),
  );
  const crops = [...images.images.values()].flatMap((i) =>
    i.contests.flatMap((c) => (c.crop && chosen.has(c.crop.id) ? [c.crop] : [])),
  );
  return { rla, images, rows, crops };
}

const e = (text: string | number | undefined | null): string =>
  String(text ?? '').replace(
    /[<>&"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c,
  );

function contestName(rla: ReportRla, id: string): string {
  return rla.contests.find((c) => c.id === id)?.name ?? id;
}

/** The audit's opening lines: method, parameters, inputs, who and when. */
export function rlaFacts(rla: ReportRla): [string, string][] {
  return [
    ['Status', rlaStatusText(rla.status)],
    ['Method', rla.gamma === null ? rla.method : `${rla.method} ${rla.gamma}`],
    ['Sampler', rla.sampler],
    ['Random seed', rla.seed],
    ['Risk limit', `${rla.risk_limit}%`],
    ['Vote records', rla.cvr_file],
    ['Ballot manifest', `${rla.manifest_file} (${rla.ballots} ballots)`],
    ['Started', `${rla.created_at} by ${rla.created_by || 'unknown'}`],
    ['Ended', rla.ended_at ?? 'not yet'],
    ['Audit boards', rla.boards.map((b) => `${b.name} (${b.members.join(' and ')})`).join('; ')],
  ];
}

const roundResultText = (rla: ReportRla, r: ReportRlaResult): string =>
  `${contestName(rla, r.contest_id)}: measured risk ${riskText(r.risk)} ${r.risk_limit_met ? '(risk limit met)' : r.full_hand_count ? '(full hand count required)' : '(short of the risk limit)'}; ${r.draws} draws, 2-vote overstatements ${r.o2}, 1-vote overstatements ${r.o1}, 1-vote understatements ${r.u1}, 2-vote understatements ${r.u2}${r.risk_limit_met ? '' : `; ${r.stopping_size} draws needed in all`}`;

/** The report's section on the risk-limiting audit, beside the image audit (HTML). */
export function rlaReportHtml(report: RlaReport, crops: Map<string, Buffer>): string {
  const { rla, rows, images } = report;
  const img = (id: string | null, alt: string) => {
    const png = id ? crops.get(id) : undefined;
    return png
      ? `<img src="data:image/png;base64,${png.toString('base64')}" alt="${e(alt)}">`
      : `<span class="muted">${id ? 'no picture (limit reached)' : 'no picture'}</span>`;
  };
  const entries = rla.sampled.reduce((n, b) => n + b.entered_by.length, 0);
  const out = [
    '<h2 id="rla">Risk-limiting audit</h2>',
    `<p>A risk-limiting audit of the paper ballots: audit boards read sampled ballots without seeing their records, and the risk that a wrong reported outcome goes uncorrected is measured after every round by the method below. The image audit above checks every image against its record; this audit checks the paper. Below, each sampled ballot's reading stands beside the image audit's reading of the same ballot.</p>`,
    `<table>${rlaFacts(rla)
      .map(([k, v]) => `<tr><th>${e(k)}</th><td>${e(v)}</td></tr>`)
      .join('')}</table>`,
    '<h3>Contests</h3><table><tr><th>Contest</th><th>Reported winners</th><th>Margin (votes)</th><th>Diluted margin</th><th>Measured risk</th><th>Risk limit met?</th></tr>',
    ...rla.contests.map((c) => {
      const last = [...rla.rounds]
        .reverse()
        .find((r) => r.results)
        ?.results?.find((x) => x.contest_id === c.id);
      const names = new Map(c.options.map((o) => [o.id, o.name]));
      return `<tr><td>${e(c.name)} (vote for ${c.vote_for})</td><td>${e(c.winners.map((w) => names.get(w) ?? w).join(', '))}</td><td>${c.margin_votes}</td><td>${pct(c.diluted_margin)}</td><td>${last ? riskText(last.risk) : 'not measured yet'}</td><td class="${last?.risk_limit_met ? 'no' : 'yes'}">${last ? (last.risk_limit_met ? 'Yes' : 'No') : '—'}</td></tr>`;
    }),
    '</table>',
    `<h3>Rounds (${rla.rounds.length})</h3><table aria-label="RLA rounds"><tr><th>Round</th><th>Drawn by</th><th>Drawn at</th><th>Draws (before)</th><th>Ballots</th><th>Read</th><th>Ended</th><th>Measured after the round</th></tr>`,
    ...rla.rounds.map(
      (r) =>
        `<tr><td>${r.number}</td><td>${e(r.started_by)}</td><td>${e(r.started_at)}</td><td>${r.draws} (${r.draws_before})</td><td>${r.ballots}</td><td>${r.read}</td><td>${e(r.ended_at ?? 'open')}</td><td>${r.results ? r.results.map((x) => e(roundResultText(rla, x))).join('<br>') : 'not measured yet'}</td></tr>`,
    ),
    '</table>',
    `<p>${rla.sampled.length} ballots sampled; ${entries} board entries; ${rla.sampled.filter((b) => b.reading).length} ballots read.</p>`,
    `<h3>Sampled ballots: the board's reading beside the image audit's (${rows.length})</h3>`,
    images.compared
      ? ''
      : '<p class="yes">The image audit had not compared this job’s images with its records when this report was made: the image column is empty.</p>',
    '<table><tr><th>#</th><th>Ballot</th><th>Contest</th><th>Record</th><th>Audit board (paper)</th><th>Image audit</th><th>Discrepancy</th><th>Paper, image and record</th><th>Contest on the image</th></tr>',
    ...rows.map(
      (r) =>
        `<tr><td>${r.n}</td><td>${e(r.ballot.ballot_key)}<br><small>round ${r.ballot.round}, drawn ${r.ballot.times_sampled}×, ${e(r.ballot.location)}<br>${e(r.ballot.board)}: ${e(r.ballot.entered_by.join(', ') || 'no entries')}${r.ballot.read_at ? `, read ${e(r.ballot.read_at)}` : ''}${r.sheetId ? `<br>image sheet ${e(r.sheetId)}` : ''}</small></td><td>${e(r.contest)}</td><td>${e(r.record)}</td><td>${e(r.paper)}</td><td>${e(r.image)}</td><td${r.discrepancy ? ' class="yes"' : ''}>${e(discrepancyText(r.discrepancy))}</td><td${r.agree ? '' : ' class="yes"'}>${e(r.agreement)}</td><td>${img(r.cropId, `ballot ${r.ballot.ballot_key} ${r.contest}`)}</td></tr>`,
    ),
    '</table>',
  ];
  return out.join('\n');
}

/** A line of the PDF's section: text, or the picture of a crop. */
export interface RlaPdfLine {
  text: string;
  bold?: boolean;
  indent?: number;
  crop?: string;
}

/** The same section for the PDF, as lines and pictures. */
export function rlaReportLines(report: RlaReport): RlaPdfLine[] {
  const { rla, rows } = report;
  const lines: RlaPdfLine[] = rlaFacts(rla).map(([k, v]) => ({ text: `${k}: ${v}` }));
  lines.push({ text: 'Rounds', bold: true });
  for (const r of rla.rounds) {
    lines.push({
      text: `Round ${r.number}: drawn by ${r.started_by} at ${r.started_at}; ${r.draws} draws after ${r.draws_before}; ${r.ballots} ballots, ${r.read} read; ${r.ended_at ? `ended ${r.ended_at}` : 'open'}`,
    });
    for (const x of r.results ?? []) lines.push({ text: roundResultText(rla, x), indent: 10 });
  }
  lines.push({ text: "Sampled ballots: the board's reading beside the image audit's", bold: true });
  if (!report.images.compared)
    lines.push({
      text: 'The image audit had not compared this job when this report was made.',
    });
  for (const r of rows) {
    lines.push({
      text: `${r.n}. Ballot ${r.ballot.ballot_key} (round ${r.ballot.round}, ${r.ballot.board}: ${r.ballot.entered_by.join(', ') || 'no entries'}), ${r.contest}`,
      bold: true,
    });
    lines.push({
      text: `Record: ${r.record}; board: ${r.paper}; image audit: ${r.image}`,
      indent: 10,
    });
    lines.push({
      text: `Discrepancy: ${discrepancyText(r.discrepancy)}; ${r.agreement}`,
      indent: 10,
    });
    if (r.cropId) lines.push({ text: '', crop: r.cropId, indent: 10 });
  }
  return lines;
}

/** CSV rows: the audit, each round's measurement per contest, each sampled ballot's contest. */
export function rlaCsvRows(report: RlaReport): Record<string, unknown>[] {
  const { rla, rows } = report;
  return [
    {
      section: 'rla',
      kind: rlaStatusText(rla.status),
      detail: rlaFacts(rla)
        .map(([k, v]) => `${k}: ${v}`)
        .join('; '),
    },
    ...rla.rounds.flatMap((r) => {
      const results: Partial<ReportRlaResult>[] = r.results ?? [{}];
      return results.map((x) => ({
        section: 'rla_round',
        rla_round: r.number,
        contest_id: x.contest_id ?? '',
        contest: x.contest_id ? contestName(rla, x.contest_id) : '',
        rla_risk: x.risk,
        rla_risk_limit_met: x.risk_limit_met,
        detail: `drawn by ${r.started_by} at ${r.started_at}; ${r.draws} draws after ${r.draws_before}; ${r.ballots} ballots, ${r.read} read${x.o1 !== undefined ? `; o2 ${x.o2 ?? 0}, o1 ${x.o1}, u1 ${x.u1 ?? 0}, u2 ${x.u2 ?? 0}; stopping size ${x.stopping_size ?? 0}` : '; not measured yet'}`,
      }));
    }),
    ...rows.map((r) => ({
      section: 'rla_ballot',
      rla_round: r.ballot.round,
      rla_ballot: r.ballot.ballot_key,
      batch: r.ballot.batch,
      sheet_id: r.sheetId ?? '',
      contest_id: r.contestId,
      contest: r.contest,
      cvr_votes_recorded: r.record,
      rla_board_reading: r.paper,
      image_votes: r.image,
      rla_discrepancy: r.discrepancy ?? '',
      detail: r.agreement,
    })),
  ];
}
