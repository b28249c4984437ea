import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddOutlined from '@mui/icons-material/AddOutlined';
import {
  OPERATION_MESSAGES,
  OPERATION_TIMINGS,
  TOOLS_PER_PAGE,
  type Tool,
} from '@scrutineer/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LogsDialog } from '../../../components/logs-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useActionSpecs, useRunningToolStatus, useTools } from '../api/list-tools';
import {
  useDeleteTool,
  useExecuteTool,
  useResetTool,
  useSaveTool,
  useStopTool,
} from '../api/tool-mutations';
import { ToolDialog } from './tool-dialog';
import { stickyActionsSx, toolColumns, ToolRow } from './tool-row';

interface ToolsPanelProps {
  /** The job whose tools these are; null for the Admin's global tools at /tools. */
  jobId: number | null;
  /** Restart RDS, handed in for Admins only. */
  restart?: ReactNode;
}

/** The Tools screen: tool rows that run registered functions on the queue, with their status. */
export function ToolsPanel({ jobId, restart }: ToolsPanelProps) {
  const notify = useNotify();
  const list = useTools(jobId);
  const [editing, setEditing] = useState<{ tool: Tool | null } | null>(null);
  const specs = useActionSpecs(editing !== null);
  const save = useSaveTool(jobId);
  const remove = useDeleteTool(jobId);
  const execute = useExecuteTool(jobId);
  const stop = useStopTool(jobId);
  const reset = useResetTool(jobId);
  const [selected, setSelected] = useState<number[]>([]);
  const [expanded, setExpanded] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Tool | null>(null);
  const [logsOf, setLogsOf] = useState<number | null>(null);
  const [pending, setPending] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  // At 1280 px the table fits with script, Api Entry and Help Text in the expanded row.
  const compact = !useMediaQuery((theme: Theme) => theme.breakpoints.up('xl'), { noSsr: true });
  const columns = toolColumns(compact);
  const onError = (error: unknown) => notify.error(errorMessage(error));

  const fromList = list.data?.items ?? [];
  const live = useRunningToolStatus(fromList);
  // A running tool's row shows its latest status poll (REVOKED and PENDING already mapped).
  const tools = fromList.map((t) => {
    const poll = t.operation_id ? live.get(t.operation_id) : undefined;
    return poll ? { ...t, ...poll, operation_id: t.operation_id } : t;
  });
  // A page emptied by a delete shows the last page that has rows, not "6–5 of 5".
  const shownPage = Math.min(page, Math.max(0, Math.ceil(tools.length / TOOLS_PER_PAGE) - 1));
  const rows = tools.slice(shownPage * TOOLS_PER_PAGE, (shownPage + 1) * TOOLS_PER_PAGE);
  const track = (tool: Tool, work: Promise<unknown>) => {
    setPending(tool.row_number);
    void work.finally(() => setPending(null));
  };
  const run = (tool: Tool) =>
    track(
      tool,
      execute.mutateAsync(tool).then((answer) => notify.success(answer.message), onError),
    );
  const runSelected = () =>
    tools.filter((t) => selected.includes(t.row_number) && t.can.run).forEach(run);
  const logsTool = tools.find((t) => t.row_number === logsOf);
  const all = tools.map((t) => t.row_number);

  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Tools
        </Typography>
        {restart}
        <Button variant="outlined" disabled={selected.length === 0} onClick={runSelected}>
          Run selected
        </Button>
        {list.data?.can.add && (
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => setEditing({ tool: null })}
          >
            Add Tool
          </Button>
        )}
      </Box>
      {list.error && <Alert severity="error">{errorMessage(list.error)}</Alert>}
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table
          size="small"
          aria-label="Tools"
          // Narrower cell padding at this width: eleven columns of 16 px each side cost 350 px.
          sx={
            compact ? { '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: 1 } } : {}
          }
        >
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  size="small"
                  checked={all.length > 0 && selected.length === all.length}
                  indeterminate={selected.length > 0 && selected.length < all.length}
                  onChange={(event) => setSelected(event.target.checked ? all : [])}
                  slotProps={{ input: { 'aria-label': 'Select all tools' } }}
                />
              </TableCell>
              <TableCell padding="checkbox" />
              {columns.map((h) => (
                <TableCell
                  key={h}
                  sx={{
                    fontWeight: 600,
                    whiteSpace: compact ? 'normal' : 'nowrap',
                    ...(h === 'Actions' ? stickyActionsSx : {}),
                  }}
                >
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data && tools.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length + 2}>
                  <Typography variant="body2" color="textSecondary">
                    No tools yet.
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {rows.map((tool) => (
              <ToolRow
                key={tool.row_number}
                tool={tool}
                selected={selected.includes(tool.row_number)}
                expanded={expanded === tool.row_number}
                pending={pending === tool.row_number}
                compact={compact}
                onSelect={() =>
                  setSelected((s) =>
                    s.includes(tool.row_number)
                      ? s.filter((n) => n !== tool.row_number)
                      : [...s, tool.row_number],
                  )
                }
                onExpand={() =>
                  setExpanded((e) => (e === tool.row_number ? null : tool.row_number))
                }
                onRun={() => run(tool)}
                onStop={() =>
                  tool.operation_id &&
                  track(
                    tool,
                    stop.mutateAsync(tool.operation_id).then(
                      () => notify.info(OPERATION_MESSAGES.stopped),
                      (error: unknown) => console.warn('Stop failed', error),
                    ),
                  )
                }
                onReset={() =>
                  tool.operation_id &&
                  track(
                    tool,
                    reset
                      .mutateAsync(tool.operation_id)
                      .then((answer) => notify.success(answer.message), onError),
                  )
                }
                onLogs={() => setLogsOf(tool.row_number)}
                onEdit={() => setEditing({ tool })}
                onDelete={() => setDeleting(tool)}
              />
            ))}
          </TableBody>
        </Table>
        {tools.length > TOOLS_PER_PAGE && (
          <TablePagination
            component="div"
            count={tools.length}
            page={shownPage}
            rowsPerPage={TOOLS_PER_PAGE}
            rowsPerPageOptions={[TOOLS_PER_PAGE]}
            onPageChange={(_event, next) => setPage(next)}
          />
        )}
      </Paper>
      {editing && (
        <ToolDialog
          tool={editing.tool}
          jobId={jobId}
          specs={specs.data?.items ?? []}
          pending={save.isPending}
          onClose={() => setEditing(null)}
          onSave={(settings) =>
            save.mutate(
              { settings, rowNumber: editing.tool?.row_number ?? null },
              {
                onSuccess: (answer) => {
                  notify.success(answer.message);
                  setEditing(null);
                },
                onError,
              },
            )
          }
        />
      )}
      {logsTool && (
        <LogsDialog
          title={logsTool.function_name}
          status={logsTool.status}
          url={logsTool.logs || null}
          pollMs={OPERATION_TIMINGS.stagedLogPollMs}
          onClose={() => setLogsOf(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={OPERATION_MESSAGES.confirmDeleteTool}
        confirmLabel="Delete"
        danger
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.row_number, {
            onSuccess: (answer) => notify.success(answer.message),
            onError,
            onSettled: () => setDeleting(null),
          })
        }
      />
    </>
  );
}
