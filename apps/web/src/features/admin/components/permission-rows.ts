import {
  PERMISSION_RANGES,
  type JobPermission,
  type JobPermissionInput,
} from '@scrutineer/contracts';

/** One row of the Audit Permission dialog while it is edited. */
export interface PermissionRow {
  key: string;
  jobid: number | null;
  fullRange: boolean;
  page_1: boolean;
  page_2: boolean;
  start: string;
  end: string;
  page2_start: string;
  page2_end: string;
}

let counter = 0;
const nextKey = () => `row-${(counter += 1)}`;

export const emptyRow = (): PermissionRow => ({
  key: nextKey(),
  jobid: null,
  fullRange: false,
  page_1: true,
  page_2: false,
  start: '',
  end: '',
  page2_start: '',
  page2_end: '',
});

export function rowFromSaved(saved: JobPermission): PermissionRow {
  const text = (value: number) => (saved.fullRange ? '' : String(value));
  return {
    key: nextKey(),
    jobid: saved.jobid,
    fullRange: saved.fullRange,
    page_1: saved.page_1,
    page_2: saved.page_2,
    start: text(saved.start),
    end: text(saved.end),
    page2_start: text(saved.page2_start),
    page2_end: text(saved.page2_end),
  };
}

/** Enable-All: every row covers its whole job. */
export const enableAll = (rows: PermissionRow[]) =>
  rows.map((row) => ({ ...row, fullRange: true }));

/** Disable-All: every row back to pages 1 and 2 over 1–10000. */
export const disableAll = (rows: PermissionRow[]) => {
  const { start, end } = PERMISSION_RANGES.disableAll;
  return rows.map((row) => ({
    ...row,
    fullRange: false,
    page_1: true,
    page_2: true,
    start: String(start),
    end: String(end),
    page2_start: String(start),
    page2_end: String(end),
  }));
};

/** Authorized-All-Audits: a full-range row for every job, pages unchecked, range 1–1000. */
export const authorizeAll = (jobIds: number[]): PermissionRow[] => {
  const { start, end } = PERMISSION_RANGES.authorizeAll;
  return jobIds.map((jobid) => ({
    key: nextKey(),
    jobid,
    fullRange: true,
    page_1: false,
    page_2: false,
    start: String(start),
    end: String(end),
    page2_start: String(start),
    page2_end: String(end),
  }));
};

const toInt = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * The rows as the server takes them, or the first problem: a row needs a job, a job is
 * granted once, and a checked page needs a start and an end not before it.
 */
export function rowsToSave(rows: PermissionRow[]): JobPermissionInput[] | string {
  const seen = new Set<number>();
  const saved: JobPermissionInput[] = [];
  for (const [index, row] of rows.entries()) {
    const label = `Row ${index + 1}`;
    if (row.jobid === null) return `${label}: choose a job.`;
    if (seen.has(row.jobid)) return `${label}: this job already has a row.`;
    seen.add(row.jobid);
    const base = { jobid: row.jobid, style_page_1: [], style_page_2: [] };
    if (row.fullRange) {
      saved.push({
        ...base,
        fullRange: true,
        start: 0,
        end: 0,
        page_1: false,
        page_2: false,
        page2_start: 0,
        page2_end: 0,
      });
      continue;
    }
    if (!row.page_1 && !row.page_2) return `${label}: check Full Range or a page.`;
    const start = row.page_1 ? toInt(row.start) : 0;
    const end = row.page_1 ? toInt(row.end) : 0;
    const start2 = row.page_2 ? toInt(row.page2_start) : 0;
    const end2 = row.page_2 ? toInt(row.page2_end) : 0;
    if (start === null || end === null || start2 === null || end2 === null) {
      return `${label}: ranges must be whole numbers.`;
    }
    if (end < start || end2 < start2) return `${label}: the end must not be before the start.`;
    saved.push({
      ...base,
      fullRange: false,
      page_1: row.page_1,
      page_2: row.page_2,
      start,
      end,
      page2_start: start2,
      page2_end: end2,
    });
  }
  return saved;
}
