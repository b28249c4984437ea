import Typography from '@mui/material/Typography';
import { isBuilt, type Operation } from '@scrutineer/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';

/** The built stages after `operation` that a rerun of it makes out of date. */
export function outdatedByRerun(operation: Operation, operations: readonly Operation[]): string[] {
  const index = operations.findIndex((op) => op.operation === operation.operation);
  return operations
    .slice(index + 1)
    .filter((op) => isBuilt(op.status) && op.status !== 'built-new')
    .map((op) => op.operation);
}

/** Asks before a forced rerun of a built stage, naming what it replaces and makes out of date. */
export function RerunDialog({
  operation,
  operations,
  onConfirm,
  onClose,
}: {
  operation: Operation;
  operations: readonly Operation[];
  onConfirm: () => void;
  onClose: () => void;
}) {
  const outdated = outdatedByRerun(operation, operations);
  return (
    <ConfirmDialog
      open
      title={`Rerun ${operation.operation}?`}
      confirmLabel="Rerun"
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Typography sx={{ mb: 1.5 }}>
        {`Its current results, reports and downloads are deleted and made again from the start.`}
      </Typography>
      {outdated.length > 0 ? (
        <Typography data-testid="rerun-outdated">
          {`These built stages become out of date (built-new) and need a rerun after it: ${outdated.join(', ')}.`}
        </Typography>
      ) : (
        <Typography data-testid="rerun-outdated">
          No later stage is built, so nothing else goes out of date.
        </Typography>
      )}
    </ConfirmDialog>
  );
}
