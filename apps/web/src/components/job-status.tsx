import Chip from '@mui/material/Chip';
import { statusChip } from './operation-status';
import { ActionTooltip } from './action-tooltip';

/**
 * What a job's Status says, the job's stages taken together (docs/decisions.md, "Job Status"):
 * the tooltip of the status wherever a job's status is shown.
 */
export const JOB_STATUS_MEANINGS: Record<string, string> = {
  New: 'No stage has run yet.',
  RUNNING: 'A stage is running now.',
  FAILURE: 'A stage failed: read its log, reset it and run it again.',
  STOPPED: 'A stage was stopped before it finished: reset it, then run it again.',
  'built-new':
    'Built stages are out of date: an earlier stage or the settings changed; rerun them.',
  PROBLEMS: 'The stages ran, but one found problems: its result lists them.',
  SUCCESS: 'Every stage is built and up to date.',
  built: 'The first stages are built; the later ones are still to run.',
};

/** The meaning of a job status; a status an Admin set by hand is explained as such. */
export function jobStatusMeaning(status: string): string {
  return JOB_STATUS_MEANINGS[status] ?? 'Set by an Admin.';
}

/** A job's Status as a chip whose tooltip says what it means. */
export function JobStatusChip({ status }: { status: string }) {
  const look = status === 'New' ? null : statusChip(status);
  const meaning = jobStatusMeaning(status);
  return (
    <ActionTooltip title={`${status}: ${meaning}`}>
      <Chip
        size="small"
        tabIndex={0}
        label={status}
        color={look?.color ?? 'default'}
        variant={look?.variant ?? 'outlined'}
        aria-description={meaning}
        data-job-status={status}
      />
    </ActionTooltip>
  );
}
