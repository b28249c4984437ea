import {
  OPERATION_STATUSES,
  isBuilt,
  shownPercent,
  statusLabel,
  type OperationStatus,
} from '@scrutineer/contracts';

/** The progress bar: 100 and green once built, else the percent (clamped). */
export function progressOf(status: OperationStatus, percent: number) {
  const shown = shownPercent(status, percent);
  const value = Number.isFinite(shown) ? Math.min(100, Math.max(0, shown)) : 0;
  return { value, built: isBuilt(status) };
}

export type ChipColor = 'default' | 'primary' | 'info' | 'success' | 'warning' | 'error';
interface ChipLook {
  label: string;
  color: ChipColor;
  variant: 'filled' | 'outlined';
}

/** Chip colours of the statuses (a UI decision: docs/decisions.md). */
const CHIPS: Record<OperationStatus, ChipLook> = {
  None: { label: 'None', color: 'default', variant: 'outlined' },
  'unbuilt-notready': { label: 'unbuilt-notready', color: 'default', variant: 'outlined' },
  'unbuilt-ready': { label: 'unbuilt-ready', color: 'info', variant: 'outlined' },
  RUNNING: { label: 'RUNNING', color: 'primary', variant: 'filled' },
  STOPPED: { label: 'STOPPED', color: 'warning', variant: 'filled' },
  FAILURE: { label: 'FAILURE', color: 'error', variant: 'filled' },
  SUCCESS: { label: 'SUCCESS', color: 'success', variant: 'filled' },
  built: { label: 'built', color: 'success', variant: 'outlined' },
  'built-new': { label: 'built-new', color: 'warning', variant: 'outlined' },
  PROBLEMS: { label: statusLabel('PROBLEMS'), color: 'warning', variant: 'filled' },
};

/** What each status word means to the person running the stages (the chip's tooltip). */
export const STATUS_MEANINGS: Record<OperationStatus, string> = {
  None: 'Not set up yet.',
  'unbuilt-notready': 'Not built; waits for an earlier stage to be built first.',
  'unbuilt-ready': 'Not built; ready to run.',
  RUNNING: 'Running now.',
  STOPPED: 'Stopped before it finished; reset it, then run it again.',
  FAILURE: 'The run failed; read its log, then reset it.',
  SUCCESS: 'Built and up to date, by its last run (the same state as built).',
  built: 'Built and up to date, its outputs read again by a refresh (the same state as SUCCESS).',
  'built-new': 'Built but out of date: an earlier stage or its settings changed; rerun it.',
  PROBLEMS: 'Built, but the run found problems: its result lists them.',
};

const isStatus = (s: string): s is OperationStatus =>
  (OPERATION_STATUSES as readonly string[]).includes(s);

/** The chip of a status; a status this app does not know shows as given, in grey. */
export function statusChip(status: string): ChipLook & { meaning: string } {
  return isStatus(status)
    ? { ...CHIPS[status], meaning: STATUS_MEANINGS[status] }
    : { label: status || 'None', color: 'default', variant: 'outlined', meaning: '' };
}
