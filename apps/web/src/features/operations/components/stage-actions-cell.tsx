import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import RestartAltRounded from '@mui/icons-material/RestartAltRounded';
import StopRounded from '@mui/icons-material/StopRounded';
import { ActionTooltip } from '../../../components/action-tooltip';
import type { StageActions } from './operation-rules';

export type StageCommand = 'run' | 'stop' | 'reset' | 'refresh' | 'rerun';

interface StageActionsCellProps {
  stage: string;
  status: string;
  actions: StageActions;
  pending: boolean;
  onCommand: (command: StageCommand) => void;
}

/** The one command a stage's status offers: run, stop, reset, or refresh and rerun when built. */
export function StageActionsCell({
  stage,
  status,
  actions,
  pending,
  onCommand,
}: StageActionsCellProps) {
  // On a built stage Rerun replaces results (after a confirmation): not the main button.
  const built = actions.refresh;
  const button = (command: StageCommand, label: string, icon: React.ReactNode, color?: 'error') => (
    <Button
      key={command}
      size="small"
      variant={command === 'run' || (command === 'rerun' && !built) ? 'contained' : 'outlined'}
      color={color ?? 'primary'}
      startIcon={icon}
      disabled={pending}
      aria-label={`${label} ${stage}`}
      onClick={() => onCommand(command)}
    >
      {label}
    </Button>
  );
  const shown = [
    actions.rerun && button('rerun', 'Rerun', <ReplayRounded />),
    actions.run && !actions.rerun && button('run', 'Run', <PlayArrowRounded />),
    actions.stop && button('stop', 'Stop', <StopRounded />, 'error'),
    actions.reset && button('reset', 'Reset', <RestartAltRounded />),
    actions.refresh && (
      <ActionTooltip key="refresh" title="Refresh: re-read its reports and downloads">
        <span>
          <IconButton
            size="small"
            aria-label={`Refresh ${stage}`}
            disabled={pending}
            onClick={() => onCommand('refresh')}
          >
            <RefreshRounded fontSize="small" />
          </IconButton>
        </span>
      </ActionTooltip>
    ),
  ].filter(Boolean);
  if (shown.length > 0)
    return <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>{shown}</Box>;
  // Not ready, or the caller may not run it: the disabled run says why it cannot start.
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<PlayArrowRounded />}
      disabled
      aria-label={`Run ${stage}`}
      title={
        status === 'unbuilt-ready'
          ? 'Only the job Auditor runs stages'
          : 'Earlier stages are not built yet'
      }
    >
      Run
    </Button>
  );
}
