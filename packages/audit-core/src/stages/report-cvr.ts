import type { ContestTally } from '../cvr/tally.js';
import { readJson } from '../storage/index.js';
import { readCsvAll, type StageContext } from './context.js';
import { PATHS } from './job.js';
import type { CvrFileTallies } from './bif.js';
import { ACCEPT_UNREADABLE, aggregatedText } from './precheck-cvr.js';

interface CvrTallies {
  countingGroups: Record<string, number>;
  files: CvrFileTallies[];
}

/** The vote-record part of the report: what was read, counting groups, tallies, manifest. */
export interface CvrReportSection {
  html: string[];
  lines: string[];
  csvRows: Record<string, unknown>[];
}

const escape = (text: string | number | undefined): string =>
  String(text ?? '').replace(
    /[<>&"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c,
  );

async function jsonIfAny<T>(ctx: StageContext, key: string): Promise<T | undefined> {
  return (await ctx.store.exists(key)) ? readJson<T>(ctx.store, key) : undefined;
}

/** Over- and undervote figures, each named by what it counts. */
function overUnder(t: ContestTally): string {
  const what = t.ranks > 0 ? 'ranks' : 'positions';
  const parts = [
    `${t.ballots} ballots hold the contest`,
    `ballots overvoted ${t.ballotsOvervoted}`,
    `overvoted ${what} ${t.overvotedPositions}`,
    `undervoted ${what} ${t.undervotedPositions}`,
  ];
  if (t.aggregatedVotes)
    parts.push(`votes from aggregated rows (no ballot record) ${t.aggregatedVotes}`);
  if (t.aggregatedBallots)
    parts.push(
      `ballots of aggregated rows whose label states them ${t.aggregatedBallots} (in the ballots and undervotes above)`,
    );
  if (t.aggregatedRowsWithoutBallots)
    parts.push(
      `aggregated rows that state no ballot count ${t.aggregatedRowsWithoutBallots} (their votes are counted, their ballots are not in the figures above)`,
    );
  for (const r of t.perRank ?? [])
    parts.push(
      `rank ${r.rank}: ballots overvoted ${r.ballotsOvervoted}, skipped ${r.ballotsSkipped}`,
    );
  return parts.join('; ');
}

/**
 * Reads what precheck and gen_bif recorded about the vote records: unreadable parts the JOB
 * file accepted, counting groups, each file's tallies as the export gives them, and the
 * manifest batches with their storage locations and differences.
 */
export async function cvrReportSection(ctx: StageContext): Promise<CvrReportSection> {
  const out: CvrReportSection = { html: [], lines: [], csvRows: [] };
  const summary = await jsonIfAny<Record<string, unknown>>(ctx, PATHS.precheckSummary);
  const tallies = await jsonIfAny<CvrTallies>(ctx, PATHS.cvrTallies);
  const manifest = await readCsvAll(ctx.store, PATHS.precheckManifest);
  if (!summary && !tallies && manifest.length === 0) return out;
  out.html.push('<h2>Vote records</h2>');
  const accepted = Number(summary?.unreadable_cvr_parts ?? 0);
  if (summary?.unreadable_cvr_accepted === true) {
    const text = `${accepted} part(s) of the vote records could not be read and were accepted by the JOB setting ${ACCEPT_UNREADABLE}: the audit went on without them (see the problems below).`;
    out.html.push(`<p class="yes">${escape(text)}</p>`);
    out.lines.push(text);
    out.csvRows.push({ section: 'vote_records', kind: 'unreadable accepted', detail: text });
  }
  const groups = Object.entries(tallies?.countingGroups ?? {});
  if (groups.length > 0) {
    out.html.push(
      `<h3>Counting groups</h3><table><tr><th>Counting group</th><th>Ballots</th></tr>${groups.map(([g, n]) => `<tr><td>${escape(g)}</td><td>${n}</td></tr>`).join('')}</table>`,
    );
    out.lines.push(`Counting groups: ${groups.map(([g, n]) => `${g} ${n}`).join(', ')}`);
    for (const [g, n] of groups)
      out.csvRows.push({ section: 'counting_group', kind: g, detail: `${n} ballots` });
  }
  for (const file of tallies?.files ?? []) {
    const aggregated = file.aggregated;
    if (aggregated) {
      const text = `${file.file}: ${aggregatedText(aggregated.rows, aggregated.votes, aggregated.ballots)}.`;
      out.html.push(
        `<h3>Aggregated counts in ${escape(file.file)}</h3>`,
        `<p class="yes">${escape(text)}</p>`,
        '<table><tr><th>Where</th><th>Label</th><th>Counting group</th><th>Style</th><th>Votes</th></tr>',
        ...aggregated.list.map(
          (a) =>
            `<tr><td>${escape(a.place)}</td><td>${escape(a.label)}</td><td>${escape(a.countingGroup)}</td><td>${escape(a.style)}</td><td>${a.votes}</td></tr>`,
        ),
        '</table>',
      );
      out.lines.push(text);
      out.csvRows.push({ section: 'vote_records', kind: 'aggregated counts', detail: text });
    }
    out.html.push(`<h3>Tallies in ${escape(file.file)} (${escape(file.format)})</h3>`);
    for (const t of file.contests) {
      const ranked = t.ranks > 0;
      const rankHeads = ranked
        ? Array.from({ length: t.ranks }, (_, i) => `<th>Rank ${i + 1}</th>`).join('')
        : '';
      const rows = t.options
        .map(
          (o) =>
            `<tr><td>${escape(o.name)}</td><td>${o.votes}</td>${(o.byRank ?? []).map((n) => `<td>${n}</td>`).join('')}</tr>`,
        )
        .join('');
      out.html.push(
        `<h4>${escape(t.name)} (vote for ${t.voteFor}${ranked ? `, ${t.ranks} ranks` : ''})</h4>`,
        `<table><tr><th>Option</th><th>${ranked ? 'First choices' : 'Votes'}</th>${rankHeads}</tr>${rows}</table>`,
        `<p>${escape(overUnder(t))}</p>`,
      );
      out.csvRows.push({
        section: 'cvr_tally',
        contest_id: t.contestId,
        contest: t.name,
        detail: overUnder(t),
      });
    }
  }
  if (manifest.length > 0) {
    const differing = manifest.filter((b) => Number(b.difference) !== 0).length;
    out.html.push(
      `<h3>Ballot manifest (${manifest.length} batches, ${differing} differing)</h3>`,
      '<table><tr><th>Manifest</th><th>Row</th><th>Scanner</th><th>Batch</th><th>Storage location</th><th>Manifest ballots</th><th>CVR records</th><th>Difference</th></tr>',
      ...manifest.map(
        (b) =>
          `<tr><td>${escape(b.manifest)}</td><td>${escape(b.manifest_row)}</td><td>${escape(b.scanner)}</td><td>${escape(b.batch)}</td><td>${escape(b.storage_location)}</td><td>${escape(b.manifest_ballots)}</td><td>${escape(b.cvr_ballots)}</td><td${Number(b.difference) !== 0 ? ' class="yes"' : ''}>${escape(b.difference)}</td></tr>`,
      ),
      '</table>',
    );
    out.lines.push(`Ballot manifest: ${manifest.length} batches, ${differing} differ from the CVR`);
    for (const b of manifest) {
      const detail = `scanner ${b.scanner} batch ${b.batch} at ${b.storage_location || 'no location given'}: manifest ${b.manifest_ballots || 0}, CVR ${b.cvr_ballots}, difference ${b.difference}`;
      out.csvRows.push({ section: 'manifest', kind: b.manifest, detail });
      if (Number(b.difference) !== 0) out.lines.push(`  ${detail}`);
    }
  }
  return out;
}
