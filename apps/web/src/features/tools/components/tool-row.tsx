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

/**
 * The Actions cell stays at the right edge while the table scrolls sideways, so edit and
 * delete are on screen at 1280 px whatever the script and help texts hold.
 */
export const stickyActionsSx = {
  position: 'sticky',
  right: 0,
  bgcolor: 'background.paper',
  boxShadow: '-1px 0 0 rgba(255,255,255,0.12)',
  zIndex: 1,
} as const;

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

/**
 * Below 1536 px the table leaves out these columns and shows them in the expanded row beside
 * the help text, so every other column, Actions included, fits at 1280 px.
 */
export const WIDE_ONLY_COLUMNS: readonly string[] = ['script', 'Api Entry', 'Help Text'];

/** The column titles shown: all of the spec's, or those without the wide-only ones. */
export const toolColumns = (compact: boolean): readonly string[] =>
  compact ? TOOL_COLUMNS.filter((c) => !WIDE_ONLY_COLUMNS.includes(c)) : TOOL_COLUMNS;

/** Scripts and entry points wrap at any character instead of widening the table. */
const codeCellSx = {
  fontFamily: 'monospace',
  fontSize: 12,
  maxWidth: 140,
  overflowWrap: 'anywhere',
} as const;

const expandedCodeSx = { fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere' } as const;

interface ToolRowProps {
  tool: Tool;
  selected: boolean;
  expanded: boolean;
  pending: boolean;
  /** Script, Api Entry and Help Text go in the expanded row instead of their columns. */
  compact: boolean;
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
  const { tool, selected, expanded, pending, compact } = props;
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
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
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
        <TableCell sx={{ minWidth: compact ? 0 : 110 }}>
          <OperationProgress
            status={tool.status}
            percent={tool.percent}
            label={name}
            minWidth={compact ? 100 : 140}
          />
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
        {!compact && (
          <TableCell sx={codeCellSx} title={tool.script}>
            {tool.script}
          </TableCell>
        )}
        {!compact && (
          <TableCell sx={codeCellSx} title={tool.api_entry}>
            {tool.api_entry}
          </TableCell>
        )}
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
        {!compact && (
          <TableCell sx={{ maxWidth: 160 }}>
            <Typography variant="body2" noWrap title={tool.help_text}>
              {tool.help_text}
            </Typography>
          </TableCell>
        )}
        <TableCell sx={{ whiteSpace: 'nowrap', ...stickyActionsSx }}>
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
          colSpan={toolColumns(compact).length + 2}
          sx={{ py: 0, borderBottom: expanded ? undefined : 0 }}
        >
          <Collapse in={expanded} unmountOnExit>
            <Typography variant="body2" sx={{ py: 1.5, whiteSpace: 'pre-wrap' }}>
              {tool.help_text}
            </Typography>
            {compact && (
              <Box
                component="dl"
                aria-label={`script and Api Entry of ${name}`}
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'auto 1fr',
                  columnGap: 2,
                  rowGap: 0.5,
                  m: 0,
                  pb: 1,
                }}
              >
                <Typography component="dt" variant="caption" color="textSecondary">
                  script
                </Typography>
                <Box component="dd" sx={{ ...expandedCodeSx, m: 0 }}>
                  {tool.script}
                </Box>
                <Typography component="dt" variant="caption" color="textSecondary">
                  Api Entry
                </Typography>
                <Box component="dd" sx={{ ...expandedCodeSx, m: 0 }}>
                  {tool.api_entry}
                </Box>
              </Box>
            )}
            <Typography
              variant="caption"
              component="pre"
              color="textSecondary"
              sx={{
                m: 0,
                pb: 1.5,
                fontFamily: 'monospace',
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
              }}
            >
              {JSON.stringify(tool.api_operands)}
            </Typography>
          </Collapse>
        </TableCell>
      </TableRow>
    </Fragment>
  );
}
