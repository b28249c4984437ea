import type { JobControlStatus, OperationStatus, PolledStatus } from './operation.constants.js';

/** Status polls map REVOKED to STOPPED and PENDING to RUNNING; anything else passes through. */
export function mapPolledStatus(status: PolledStatus): OperationStatus {
  if (status === 'REVOKED') return 'STOPPED';
  if (status === 'PENDING') return 'RUNNING';
  return status;
}

/** PROBLEMS counts as built: its outputs stand and later stages may run on them. */
export const isBuilt = (s: OperationStatus): boolean =>
  s === 'built' || s === 'SUCCESS' || s === 'built-new' || s === 'PROBLEMS';

/** The label a person reads for a status; PROBLEMS reads "finished with problems". */
export const statusLabel = (s: OperationStatus): string =>
  s === 'PROBLEMS' ? 'finished with problems' : s;

/** Reports are listed while built, RUNNING or STOPPED; downloads only when built. */
export const showsReports = (s: OperationStatus): boolean =>
  isBuilt(s) || s === 'RUNNING' || s === 'STOPPED';
export const showsDownloads = (s: OperationStatus): boolean => isBuilt(s);

/** Reset from STOPPED, FAILURE or PROBLEMS; the tool view also resets SUCCESS. */
export const canResetStatus = (s: OperationStatus, toolView = false): boolean =>
  s === 'STOPPED' || s === 'FAILURE' || s === 'PROBLEMS' || (toolView && s === 'SUCCESS');

/** Built stages show 100%; the bar shows 100% on SUCCESS, otherwise the percent. */
export const shownPercent = (s: OperationStatus, percent: number): number =>
  isBuilt(s) ? 100 : percent;

/** The older job-control list's status for a staged status. */
export function jobControlStatus(s: OperationStatus): JobControlStatus {
  switch (s) {
    case 'unbuilt-ready':
      return 'Ready';
    case 'RUNNING':
      return 'Running';
    case 'STOPPED':
      return 'Stopped';
    // The older list has no word for PROBLEMS; the stage did not do all its work.
    case 'FAILURE':
    case 'PROBLEMS':
      return 'Failed';
    case 'SUCCESS':
    case 'built':
    case 'built-new':
      return 'Done';
    default:
      return 'Not Ready';
  }
}

/** The older list's one action per row: Not Ready offers run, running offers stop, otherwise reset. */
export function jobControlAction(s: JobControlStatus): 'run' | 'stop' | 'reset' {
  if (s === 'Not Ready' || s === 'Ready') return 'run';
  if (s === 'Running') return 'stop';
  return 'reset';
}
