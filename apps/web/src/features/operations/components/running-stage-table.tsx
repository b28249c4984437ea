import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import StopRounded from '@mui/icons-material/StopRounded';
import SubjectRounded from '@mui/icons-material/SubjectRounded';
import { OperationProgress } from '../../../components/operation-progress';
import type { Operation } from '@scrutineer/contracts';

interface RunningStageTableProps {
  operations: readonly Operation[];
  pendingStage: string | null;
  onStop: (operation: Operation) => void;
  onLogs: (operation: Operation) => void;
}

/** The stages running now, with their operation ids; anyone on the job may stop one. */
export function RunningStageTable({
  operations,
  pendingStage,
  onStop,
  onLogs,
}: RunningStageTableProps) {
  const running = operations.filter((op) => op.status === 'RUNNING');
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Running stages">
        <TableHead>
          <TableRow>
            {['Stage', 'Operation ID', 'Progress', 'Batches', 'Actions'].map((h) => (
              <TableCell key={h} sx={{ fontWeight: 600 }}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {running.length === 0 && (
            <TableRow>
              <TableCell colSpan={5}>
                <Typography variant="body2" color="textSecondary">
                  No stage is running.
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {running.map((op) => (
            <TableRow key={op.operation}>
              <TableCell>{op.operation}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>
                {op.operation_id}
              </TableCell>
              <TableCell sx={{ minWidth: 170 }}>
                <OperationProgress
                  status={op.status}
                  percent={op.percent}
                  label={`Running ${op.operation}`}
                />
              </TableCell>
              <TableCell>
                {op.batches ? `${op.batches.done} of ${op.batches.total} batches` : op.result}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Button size="small" startIcon={<SubjectRounded />} onClick={() => onLogs(op)}>
                  Logs
                </Button>
                <Button
                  size="small"
                  color="error"
                  startIcon={<StopRounded />}
                  disabled={pendingStage === op.operation}
                  onClick={() => onStop(op)}
                >
                  Stop
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
