import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { JobSettings } from '@scrutineer/contracts';

/** The JOB file's header row (docs/job-file-format.md). */
export const JOB_CSV_HEADER = ['group', 'argument', 'value'] as const;

/** Writes settings as a JOB file: one row per value, groups in order, multi values repeated. */
export function formatJobCsv(settings: JobSettings): string {
  const rows: string[][] = [[...JOB_CSV_HEADER]];
  for (const [group, entries] of Object.entries(settings)) {
    for (const entry of entries) rows.push([group, entry.argument, entry.value]);
  }
  return stringify(rows, { record_delimiter: 'unix' });
}

export class JobCsvError extends Error {
  override name = 'JobCsvError';
}

/** Reads a JOB file back into settings; a file without the header or with short rows is refused. */
export function parseJobCsv(text: string): JobSettings {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    });
  } catch (error) {
    throw new JobCsvError(`The JOB file is not valid CSV: ${(error as Error).message}`);
  }
  const [header, ...rows] = records;
  const names = header?.map((h) => h.toLowerCase());
  if (!names || JOB_CSV_HEADER.some((h, i) => names[i] !== h))
    throw new JobCsvError('The JOB file must start with the header group,argument,value.');
  const settings: JobSettings = {};
  rows.forEach((row, index) => {
    const [group = '', argument = '', value = ''] = row;
    if (!group || !argument)
      throw new JobCsvError(`Row ${index + 2} of the JOB file needs a group and an argument.`);
    (settings[group] ??= []).push({ argument, value });
  });
  return settings;
}

/** Checks that a CSV job file (EIF, BOF, STC) parses and has a header row. */
export function checkCsv(text: string): string | null {
  try {
    const records: string[][] = parse(text.replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      skip_empty_lines: true,
    });
    return records.length === 0 ? 'The file is empty.' : null;
  } catch (error) {
    return `The file is not valid CSV: ${(error as Error).message}`;
  }
}
