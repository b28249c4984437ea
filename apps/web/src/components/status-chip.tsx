import Chip from '@mui/material/Chip';
import { statusChip } from './operation-status';

/** A stage's status as a coloured chip; the raw status is its tooltip and test id. */
export function StatusChip({ status }: { status: string }) {
  const chip = statusChip(status);
  return (
    <Chip
      size="small"
      label={chip.label}
      color={chip.color}
      variant={chip.variant}
      title={status}
      data-status={status}
    />
  );
}
