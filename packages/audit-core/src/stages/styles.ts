import { readCsv, readJsonLines, writeCsv, type StageContext } from './context.js';
import type { StoredCvrBallot } from './bif.js';
import { electionInfo, PATHS } from './job.js';
import { placeUnstyled, reportPlacing } from './style-placement.js';

export const STYLE_COLUMNS = ['sheet_id', 'style', 'style_source', 'reason'];
export const EXEMPLAR_COLUMNS = ['style', 'sheet_id', 'archive', 'entry', 'entry_index'];
const MAX_EXEMPLARS = 50;

/**
 * Gives each sheet with an image its style from its vote record; sheets without one get the
 * election file's style when it declares one, else the style of the template they match best
 * when extractvote reads them. With no record at all and several declared styles, a sample of
 * the sheets is placed by what their images show (`placeByImage`) to give each style exemplars.
 * Up to 50 exemplars per style are chosen: the sheets whose records hold the fewest marks, so
 * that most targets are empty.
 */
export async function genStyles(ctx: StageContext): Promise<void> {
  const byStyle = new Map<string, Record<string, string>[]>();
  const styles: Record<string, string>[] = [];
  let unknown = 0;
  // An election file that declares one style gives it to every sheet no record names: the
  // images can then be read with no vote record at all (an image-only tally).
  const info = await electionInfo(ctx.store);
  const declared = info?.styles ?? [];
  const only = declared.length === 1 ? declared[0]?.id : undefined;
  const rows: Record<string, string>[] = [];
  for await (const row of readCsv(ctx.store, PATHS.bif))
    if (row.has_image === 'true') rows.push(row);
  const placing = await placeUnstyled(ctx, rows, info);
  for (const row of rows) {
    const recorded = row.style ?? '';
    const sheet = row.sheet_id ?? '';
    const placed = placing?.placed.get(sheet);
    const style = recorded || only || placed || '';
    styles.push({
      sheet_id: sheet,
      style,
      style_source: recorded ? 'cvr' : only ? 'eif' : placing?.carded.has(sheet) ? 'card' : 'image',
      reason: placing?.unplaced.get(sheet) ?? '',
    });
    if (!style) {
      unknown += 1;
      continue;
    }
    const list = byStyle.get(style) ?? [];
    list.push(row);
    byStyle.set(style, list);
  }
  if (placing) reportPlacing(ctx, placing, declared.length);
  // Sheets with few marks make the cleanest exemplars: their targets are empty.
  const marks = new Map<string, number>();
  for await (const ballot of readJsonLines<StoredCvrBallot>(ctx.store, PATHS.cvrBallots))
    marks.set(
      ballot.sheet_id,
      ballot.contests.reduce((n, c) => n + c.marks.length, 0),
    );
  const exemplars: Record<string, string>[] = [];
  for (const [style, all] of [...byStyle].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const rows = all
      .map((row, order) => ({ row, order, marks: marks.get(row.sheet_id ?? '') ?? 0 }))
      .sort((a, b) => a.marks - b.marks || a.order - b.order)
      .slice(0, MAX_EXEMPLARS)
      .sort((a, b) => a.order - b.order)
      .map((r) => r.row);
    for (let i = 0; i < rows.length; i += 1) {
      const row = rows[i];
      if (row)
        exemplars.push({
          style,
          sheet_id: row.sheet_id ?? '',
          archive: row.archive ?? '',
          entry: row.entry ?? '',
          entry_index: row.entry_index ?? '',
        });
    }
    ctx.info(`style ${style}: ${rows.length} sheets`);
  }
  const fromEif = styles.filter((s) => s.style_source === 'eif').length;
  if (fromEif > 0)
    ctx.info(`${fromEif} sheets without a vote record take the election file's one style ${only}`);
  if (unknown > 0)
    ctx.info(
      `${unknown} sheets without a style in the vote records: matched by image in extractvote`,
    );
  if (byStyle.size === 0)
    ctx.problem({
      severity: 'error',
      code: 'no-styles',
      file: PATHS.bif,
      message: placing
        ? 'no vote record gives a ballot style, and no sheet could be placed on a declared style by its image, so no exemplars can be chosen'
        : 'no vote record gives a ballot style, so no exemplars can be chosen',
    });
  await writeCsv(ctx.store, PATHS.styles, STYLE_COLUMNS, styles);
  await writeCsv(ctx.store, PATHS.exemplars, EXEMPLAR_COLUMNS, exemplars);
  ctx.progress(1, 1);
}
