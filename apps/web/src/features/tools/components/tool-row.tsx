import { Fragment } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import RestartAltRounded from '@mui/icons-material/RestartAltRounded';
import StopRounded from '@mui/icons-material/StopRounded';
import { showsDownloads, showsReports, type Tool } from '@scrutineer/contracts';
import { IconAction } from '../../../components/icon-action';
import { LinksMenu } from '../../../components/links-menu';
import { OperationProgress } from '../../../components/operation-progress';
import { StatusChip } from '../../../components/status-chip';

export const TOOL_COLUMNS = [
  'Function Name',
  'Action',
  'Status',
  'Percent',
  'Reports',
  'Downloads',
  'script',
  'Api Entry',
  'Logs',
  'Help Text',
  'Actions',
] as const;

interface ToolRowProps {
  tool: Tool;
  selected: boolean;
  expanded: boolean;
  pending: boolean;
  onSelect: () => void;
  onExpand: () => void;
  onRun: () => void;
  onStop: () => void;
  /** Shown from STOPPED, FAILURE or SUCCESS: the row is ready again with no operation_id. */
  onReset: () => void;
  onLogs: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One tool: run, stop or reset, status and outputs; expanding it shows its help text. */
export function ToolRow(props: ToolRowProps) {
  const { tool, selected, expanded, pending } = props;
  const name = tool.function_name;
  const running = tool.status === 'RUNNING';
  return (
    <Fragment>
      <TableRow selected={selected} sx={{ '& > td': { borderBottom: expanded ? 0 : undefined } }}>
        <TableCell padding="checkbox">
          <Checkbox
            size="small"
            checked={selected}
            onChange={props.onSelect}
            slotProps={{ input: { 'aria-label': `Select ${name}` } }}
          />
        </TableCell>
        <TableCell padding="checkbox">
          <IconButton size="small" aria-label={`Help of ${name}`} onClick={props.onExpand}>
            {expanded ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ fontWeight: 600 }}>{name}</TableCell>
        <TableCell>
          {running ? (
            <Button
              size="small"
              color="error"
              variant="outlined"
              startIcon={<StopRounded />}
              disabled={!tool.can.stop || pending}
              aria-label={`Stop ${name}`}
              onClick={props.onStop}
            >
              Stop
            </Button>
          ) : (
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button
                size="small"
                variant="contained"
                startIcon={<PlayArrowRounded />}
                disabled={!tool.can.run || pending}
                aria-label={`Run ${name}`}
                onClick={props.onRun}
              >
                Run
              </Button>
              {tool.can.reset && (
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<RestartAltRounded />}
                  disabled={pending}
                  aria-label={`Reset ${name}`}
                  onClick={props.onReset}
                >
                  Reset
                </Button>
              )}
            </Box>
          )}
        </TableCell>
        <TableCell>
          <StatusChip status={tool.status} />
        </TableCell>
        <TableCell sx={{ minWidth: 150 }}>
          <OperationProgress status={tool.status} percent={tool.percent} label={name} />
        </TableCell>
        <TableCell>
          <LinksMenu
            label="Reports"
            stage={name}
            links={tool.reports}
            active={showsReports(tool.status)}
          />
        </TableCell>
        <TableCell>
          <LinksMenu
            label="Downloads"
            stage={name}
            links={tool.downloads}
            active={showsDownloads(tool.status)}
          />
        </TableCell>
        <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{tool.script}</TableCell>
        <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{tool.api_entry}</TableCell>
        <TableCell>
          <Button
            size="small"
            disabled={!tool.logs}
            aria-label={`Logs of ${name}`}
            onClick={props.onLogs}
          >
            Logs
          </Button>
        </TableCell>
        <TableCell sx={{ maxWidth: 240 }}>
          <Typography variant="body2" noWrap title={tool.help_text}>
            {tool.help_text}
          </Typography>
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          {tool.can.edit && (
            <IconAction label={`Edit ${name}`} onClick={props.onEdit}>
              <EditOutlined fontSize="small" />
            </IconAction>
          )}
          {tool.can.delete && (
            <IconAction label={`Delete ${name}`} color="error" onClick={props.onDelete}>
              <DeleteOutlined fontSize="small" />
            </IconAction>
          )}
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell
          colSpan={TOOL_COLUMNS.length + 2}
          sx={{ py: 0, borderBottom: expanded ? undefined : 0 }}
        >
          <Collapse in={expanded} unmountOnExit>
            <Typography variant="body2" sx={{ py: 1.5, whiteSpace: 'pre-wrap' }}>
              {tool.help_text}
            </Typography>
            <Typography
              variant="caption"
              component="pre"
              color="textSecondary"
              sx={{ m: 0, pb: 1.5, fontFamily: 'monospace' }}
            >
              {JSON.stringify(tool.api_operands)}
            </Typography>
          </Collapse>
        </TableCell>
      </TableRow>
    </Fragment>
  );
}
