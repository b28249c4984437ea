import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import {
  TEMPLATE_MESSAGES as M,
  mappedTargetSchema,
  type MappedTarget,
} from '@scrutineer/contracts';
import { badRequest } from '../../platform/errors.js';

/** Columns of a target map as CSV, the same as gentemplates' `target-mapping.csv` uses. */
export const MAP_COLUMNS = ['target', 'x', 'y', 'width', 'height', 'contest_id', 'option_id'];

export function mapToCsv(targets: MappedTarget[]): string {
  return stringify(
    targets.map((t, i) => ({ target: i + 1, ...t })),
    { header: true, columns: MAP_COLUMNS },
  );
}

export function mapToJson(style: string, targets: MappedTarget[]): string {
  return `${JSON.stringify({ style, targets }, null, 2)}\n`;
}

const csvRowSchema = z.object({
  x: z.coerce.number().int(),
  y: z.coerce.number().int(),
  width: z.coerce.number().int(),
  height: z.coerce.number().int(),
  contest_id: z.string(),
  option_id: z.string(),
});

const describe = (error: z.ZodError, what: string) => {
  const issue = error.issues[0];
  return `${what} ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`.trim();
};

/** The targets of an exported map (JSON: `{ targets }` or a bare list; CSV with a header). */
export function parseTargetMap(format: 'json' | 'csv', content: string): MappedTarget[] {
  let rows: unknown[];
  try {
    if (format === 'json') {
      const parsed = JSON.parse(content) as unknown;
      rows = Array.isArray(parsed)
        ? parsed
        : ((parsed as { targets?: unknown[] } | null)?.targets ?? []);
      if (!Array.isArray(rows)) throw new Error('no list of targets');
    } else {
      const records = parse<Record<string, string>>(content, {
        columns: true,
        skip_empty_lines: true,
        trim: true,
        bom: true,
      });
      rows = records.map((r, i) => {
        const row = csvRowSchema.safeParse(r);
        if (!row.success) throw new Error(describe(row.error, `row ${i + 2}`));
        return row.data;
      });
    }
  } catch (error) {
    throw badRequest(M.importUnreadable(error instanceof Error ? error.message : String(error)));
  }
  const targets = z.array(mappedTargetSchema).safeParse(rows);
  if (!targets.success) throw badRequest(M.importUnreadable(describe(targets.error, 'target')));
  return targets.data;
}
