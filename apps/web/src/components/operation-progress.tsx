import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { OperationStatus } from '@scrutineer/contracts';
import { progressOf } from './operation-status';

/** The stage's progress bar: 100% green once built, else the percent the runner reports. */
export function OperationProgress({
  status,
  percent,
  label,
  minWidth = 140,
}: {
  status: OperationStatus;
  percent: number;
  label: string;
  /** The bar and its percent together; narrower where a table is short of room. */
  minWidth?: number;
}) {
  const { value, built } = progressOf(status, percent);
  const color =
    status === 'PROBLEMS'
      ? 'warning'
      : built
        ? 'success'
        : status === 'FAILURE'
          ? 'error'
          : 'primary';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth }}>
      <LinearProgress
        variant="determinate"
        value={value}
        color={color}
        aria-label={`${label} progress`}
        sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
      />
      <Typography variant="caption" sx={{ minWidth: 44, textAlign: 'right' }}>
        {`${value.toFixed(value % 1 ? 1 : 0)}%`}
      </Typography>
    </Box>
  );
}
