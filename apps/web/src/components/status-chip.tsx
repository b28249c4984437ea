import Chip from '@mui/material/Chip';
import { statusChip } from './operation-status';

/** A stage's status as a coloured chip; its tooltip says what the word means. */
export function StatusChip({ status }: { status: string }) {
  const chip = statusChip(status);
  return (
    <Chip
      size="small"
      label={chip.label}
      color={chip.color}
      variant={chip.variant}
      title={chip.meaning ? `${status}: ${chip.meaning}` : status}
      data-status={status}
    />
  );
}
