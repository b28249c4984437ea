import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { isBuilt, jobControlAction, type Operation } from '@scrutineer/contracts';
import { canActOnSelection, inPipelineOrder } from './job-control-rules';
import { progressOf } from '../../../components/operation-status';

type ControlAction = ReturnType<typeof jobControlAction>;

interface JobControlTableProps {
  operations: readonly Operation[];
  canRun: boolean;
  busy: boolean;
  /** Stages Run All has queued and not launched yet. */
  queued: readonly string[];
  onAction: (operation: Operation, action: ControlAction) => void;
  onRunAll: (operations: string[]) => void;
  onResetAll: (operations: string[]) => void;
  onLogs: (operation: Operation) => void;
}

const LABELS: Record<ControlAction, string> = { run: 'Run', stop: 'Stop', reset: 'Reset' };

/** The older fixed-operation job-control list: one action per row, Run All and Reset on a selection. */
export function JobControlTable({
  operations,
  canRun,
  busy,
  queued,
  onAction,
  onRunAll,
  onResetAll,
  onLogs,
}: JobControlTableProps) {
  const [selected, setSelected] = useState<string[]>([]);
  const all = operations.map((op) => op.operation);
  const toggle = (name: string) =>
    setSelected((s) => (s.includes(name) ? s.filter((x) => x !== name) : [...s, name]));
  const several = canActOnSelection(selected);

  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, mb: 1.5, alignItems: 'center' }}>
        <Typography variant="h6" component="h3" sx={{ flexGrow: 1 }}>
          Job control
        </Typography>
        {canRun && (
          <>
            <Button
              variant="contained"
              disabled={!several || busy}
              onClick={() => onRunAll(inPipelineOrder(selected))}
            >
              Run All
            </Button>
            <Button
              variant="outlined"
              disabled={!several || busy}
              onClick={() => {
                onResetAll(inPipelineOrder(selected));
                setSelected([]);
              }}
            >
              Reset
            </Button>
          </>
        )}
      </Box>
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Job control">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  size="small"
                  slotProps={{ input: { 'aria-label': 'Select all operations' } }}
                  checked={selected.length === all.length}
                  indeterminate={selected.length > 0 && selected.length < all.length}
                  onChange={(event) => setSelected(event.target.checked ? [...all] : [])}
                />
              </TableCell>
              {['Operation', 'Status', 'Percent', 'Operation ID', 'Action', 'Logs'].map((h) => (
                <TableCell key={h} sx={{ fontWeight: 600 }}>
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {operations.map((op) => {
              const { operation, label } = op;
              const action = jobControlAction(op.control_status);
              // Run is offered on Ready and Not Ready as the spec says; reset also on Done rows.
              const allowed =
                action === 'stop'
                  ? op.can.stop
                  : action === 'reset'
                    ? op.can.reset || (canRun && isBuilt(op.status))
                    : canRun;
              const status = queued.includes(operation)
                ? `${op.control_status} (queued)`
                : op.control_status;
              return (
                <TableRow key={operation} selected={selected.includes(operation)}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      size="small"
                      slotProps={{ input: { 'aria-label': `Select ${label}` } }}
                      checked={selected.includes(operation)}
                      onChange={() => toggle(operation)}
                    />
                  </TableCell>
                  <TableCell>{label}</TableCell>
                  <TableCell>{status}</TableCell>
                  <TableCell>{`${progressOf(op.status, op.percent).value.toFixed(0)}%`}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>
                    {op.operation_id ?? ''}
                  </TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      variant="outlined"
                      color={action === 'stop' ? 'error' : 'primary'}
                      disabled={!allowed || busy}
                      aria-label={`${LABELS[action]} ${label} (job control)`}
                      onClick={() => onAction(op, action)}
                    >
                      {LABELS[action]}
                    </Button>
                  </TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      disabled={!op.operation_id}
                      aria-label={`Logs of ${label} (job control)`}
                      onClick={() => onLogs(op)}
                    >
                      Logs
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Paper>
    </>
  );
}
