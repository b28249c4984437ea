import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded';
import SubjectRounded from '@mui/icons-material/SubjectRounded';
import TuneRounded from '@mui/icons-material/TuneRounded';
import type { Operation } from '@scrutineer/contracts';
import { ActionTooltip } from '../../../components/action-tooltip';
import { LinksMenu } from '../../../components/links-menu';
import { OperationProgress } from '../../../components/operation-progress';
import { stageActions } from './operation-rules';

import { StageActionsCell, type StageCommand } from './stage-actions-cell';
import { StatusChip } from '../../../components/status-chip';

/** Operation tables show 50 rows a page (spec part 3 §9). */
const PER_PAGE = 50;

export type StageDialog = 'logs' | 'settings' | 'help';

interface StagedOperationsTableProps {
  operations: readonly Operation[];
  /** The stage the caller reset last, offered a forced rerun. */
  justReset: string | null;
  /** The stage whose command is on its way. */
  pendingStage: string | null;
  onCommand: (operation: Operation, command: StageCommand) => void;
  onOpen: (operation: Operation, dialog: StageDialog) => void;
}

const HEADERS = ['Stage', 'Status', 'Progress', 'Action', 'Outputs', 'More'];

/** The staged pipeline: one row per stage with its status, progress, command and outputs. */
export function StagedOperationsTable({
  operations,
  justReset,
  pendingStage,
  onCommand,
  onOpen,
}: StagedOperationsTableProps) {
  const [page, setPage] = useState(0);
  const rows = operations.slice(page * PER_PAGE, page * PER_PAGE + PER_PAGE);
  const icon = (
    op: Operation,
    dialog: StageDialog,
    label: string,
    node: React.ReactNode,
    disabled = false,
  ) => (
    <ActionTooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={`${label} of ${op.operation}`}
          disabled={disabled}
          onClick={() => onOpen(op, dialog)}
        >
          {node}
        </IconButton>
      </span>
    </ActionTooltip>
  );

  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Audit stages">
        <TableHead>
          <TableRow>
            {HEADERS.map((h) => (
              <TableCell key={h} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={HEADERS.length}>
                <Typography variant="body2" color="textSecondary">
                  No stages yet.
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {rows.map((op) => {
            const actions = stageActions(op, justReset === op.operation);
            return (
              <TableRow key={op.operation} data-stage={op.operation}>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {op.operation}
                  </Typography>
                  {op.description && (
                    <Typography
                      variant="caption"
                      color="textSecondary"
                      sx={{ display: 'block', lineHeight: 1.35, maxWidth: 220 }}
                    >
                      {op.description}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <StatusChip status={op.status} />
                  {op.status === 'PROBLEMS' && op.result && (
                    <Typography
                      variant="caption"
                      color="warning"
                      data-testid={`${op.operation}-problems`}
                      sx={{ display: 'block', lineHeight: 1.35, maxWidth: 260, mt: 0.5 }}
                    >
                      {op.result}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ minWidth: 130 }}>
                  <OperationProgress status={op.status} percent={op.percent} label={op.operation} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <StageActionsCell
                    stage={op.operation}
                    status={op.status}
                    actions={actions}
                    pending={pendingStage === op.operation}
                    onCommand={(command) => onCommand(op, command)}
                  />
                </TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
                    <LinksMenu
                      label="Reports"
                      stage={op.operation}
                      links={op.reports}
                      active={actions.reports}
                    />
                    <LinksMenu
                      label="Downloads"
                      stage={op.operation}
                      links={op.downloads}
                      active={actions.downloads}
                    />
                  </Box>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {icon(op, 'logs', 'Logs', <SubjectRounded fontSize="small" />, !actions.logs)}
                  {icon(op, 'settings', 'Stage settings', <TuneRounded fontSize="small" />)}
                  {icon(op, 'help', 'Help', <HelpOutlineRounded fontSize="small" />)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {operations.length > PER_PAGE && (
        <TablePagination
          component="div"
          count={operations.length}
          page={page}
          rowsPerPage={PER_PAGE}
          rowsPerPageOptions={[PER_PAGE]}
          onPageChange={(_event, next) => setPage(next)}
        />
      )}
    </Paper>
  );
}
