import { useCallback, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import {
  OPERATION_MESSAGES,
  isBuilt,
  OPERATION_TIMINGS,
  type AuditJob,
  type Operation,
} from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useJobProgress } from '../api/job-progress-socket';
import { useOperations } from '../api/list-operations';
import { olderLogUrl, stagedLogUrl } from '../api/log-urls';
import {
  useForceRefresh,
  useLaunchOperation,
  usePipelineRefresh,
  useResetOperation,
  useStopOperation,
} from '../api/operation-mutations';
import { HelpDialog } from './help-dialog';
import { JobControlTable } from './job-control-table';
import { planReset } from './job-control-rules';
import { RerunDialog } from './rerun-dialog';
import { LogsDialog } from '../../../components/logs-dialog';
import { RunningStageTable } from './running-stage-table';
import type { StageCommand } from './stage-actions-cell';
import { StagedOperationsTable, type StageDialog } from './staged-operations-table';
import { StatusLegend } from './status-legend';
import { useRunAll } from './use-run-all';

/** The stage-setting dialog, handed in by the routes (it edits the job's JOB file). */
export type StageSettingsSlot = (stage: string, onClose: () => void) => ReactNode;

type Open = { stage: string; dialog: StageDialog | 'older-logs' } | null;

/** The Audit Operations tab: the staged table, the running stages and the older job-control list. */
export function OperationsPanel({
  job,
  stageSettings,
}: {
  job: AuditJob;
  stageSettings?: StageSettingsSlot;
}) {
  const notify = useNotify();
  const live = useJobProgress(job.id);
  const list = useOperations(job.id, live);
  const launch = useLaunchOperation(job.id);
  const stop = useStopOperation(job.id);
  const reset = useResetOperation(job.id);
  const refresh = useForceRefresh(job.id);
  const pipeline = usePipelineRefresh(job.id);
  const [open, setOpen] = useState<Open>(null);
  const [justReset, setJustReset] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [pipelineMissing, setPipelineMissing] = useState(false);
  const [rerunning, setRerunning] = useState<Operation | null>(null);
  const operations = list.data?.items;
  const onError = useCallback((error: unknown) => notify.error(errorMessage(error)), [notify]);

  const runOne = useCallback(
    (op: Operation, force = false) => {
      // A built stage reruns by force; the stage just reset runs again over cleared outputs.
      const built = isBuilt(op.status);
      const input = !force
        ? { operation: op.operation }
        : built
          ? { operation: op.operation, action: 'rerun' as const, force_rebuild: true }
          : { operation: op.operation, clear_results: true };
      return launch.mutateAsync(input).then(
        (answer) => {
          notify.success(answer.message);
          setJustReset((s) => (s === op.operation ? null : s));
        },
        (error: unknown) => {
          onError(error);
          throw error;
        },
      );
    },
    [launch, notify, onError],
  );
  const runAll = useRunAll({ operations, launch: runOne, onHalt: notify.error });

  const track = <T,>(op: Operation, work: Promise<T>) => {
    setPending(op.operation);
    return work.finally(() => setPending(null));
  };
  const command = (op: Operation, which: StageCommand) => {
    if (which === 'run') void track(op, runOne(op)).catch(() => undefined);
    if (which === 'rerun') {
      // A built stage's results are replaced and later ones go out of date: ask first.
      if (isBuilt(op.status)) confirmRerun(op);
      else void track(op, runOne(op, true)).catch(() => undefined);
    }
    if (which === 'stop')
      void track(op, stop.mutateAsync(op.id)).then(
        (answer) => notify.info(answer.message),
        // Stop failures are only logged (spec part 3 §8).
        (error: unknown) => console.warn('Stop failed', error),
      );
    if (which === 'reset')
      void track(op, reset.mutateAsync(op.id)).then((answer) => {
        notify.success(answer.message);
        setJustReset(op.operation);
      }, onError);
    if (which === 'refresh')
      void track(op, refresh.mutateAsync(op.id)).then(
        (answer) => notify.success(`${answer.operation} refreshed: ${answer.status}`),
        onError,
      );
  };
  const resetMany = (stages: string[]) => {
    const chosen = (operations ?? []).filter((op) => stages.includes(op.operation));
    const plan = planReset(chosen, Boolean(list.data?.can.reset));
    if (plan.reset.length === 0) {
      notify.error(plan.summary);
      return;
    }
    // One after another in pipeline order: each reset changes what the next one finds.
    void plan.reset
      .reduce<Promise<unknown>>(
        (done, op) => done.then(() => reset.mutateAsync(op.id)),
        Promise.resolve(),
      )
      .then(() => {
        if (plan.left.length === 0) notify.success(OPERATION_MESSAGES.reset);
        else notify.info(plan.summary);
      }, onError);
  };
  const confirmRerun = (op: Operation) => setRerunning(op);
  const refreshPipeline = () =>
    pipeline.mutate(undefined, {
      onSuccess: (answer) => setPipelineMissing(!answer.pipeline_file),
      onError: () => setPipelineMissing(true),
    });

  const current = open && operations?.find((op) => op.operation === open.stage);
  const built = (operations ?? []).filter((op) => isBuilt(op.status)).length;
  const total = operations?.length ?? 0;

  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1, minWidth: 240 }}>
          <Typography variant="h6" component="h2">
            Audit stages
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, maxWidth: 520 }}>
            <LinearProgress
              variant="determinate"
              value={total ? (built / total) * 100 : 0}
              color={total > 0 && built === total ? 'success' : 'primary'}
              aria-label="Pipeline progress"
              sx={{ flexGrow: 1, height: 6, borderRadius: 3 }}
            />
            <Typography variant="caption" color="textSecondary" sx={{ whiteSpace: 'nowrap' }}>
              {`${built} of ${total} stages built`}
            </Typography>
          </Box>
        </Box>
        <Button
          variant="outlined"
          startIcon={<RefreshRounded />}
          disabled={pipeline.isPending}
          onClick={refreshPipeline}
        >
          Refresh
        </Button>
      </Box>
      {pipelineMissing && <Alert severity="warning">{OPERATION_MESSAGES.pipelineMissing}</Alert>}
      {list.error && <Alert severity="error">{errorMessage(list.error)}</Alert>}
      {list.isPending && <LinearProgress aria-label="Loading stages" />}
      {operations && (
        <>
          <Box>
            <StagedOperationsTable
              operations={operations}
              justReset={justReset}
              pendingStage={pending}
              onCommand={command}
              onOpen={(op, dialog) => setOpen({ stage: op.operation, dialog })}
            />
            <StatusLegend />
          </Box>
          <Box>
            <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>
              Running stages
            </Typography>
            <RunningStageTable
              operations={operations}
              pendingStage={pending}
              onStop={(op) => command(op, 'stop')}
              onLogs={(op) => setOpen({ stage: op.operation, dialog: 'logs' })}
            />
          </Box>
          <Box>
            <JobControlTable
              operations={operations}
              canRun={Boolean(list.data?.can.run)}
              busy={launch.isPending || reset.isPending}
              queued={runAll.queue}
              onAction={(op, action) => command(op, action)}
              onRunAll={runAll.start}
              onResetAll={resetMany}
              onLogs={(op) => setOpen({ stage: op.operation, dialog: 'older-logs' })}
            />
          </Box>
        </>
      )}
      {rerunning && (
        <RerunDialog
          operation={rerunning}
          operations={operations ?? []}
          onConfirm={() => {
            const op = rerunning;
            setRerunning(null);
            void track(op, runOne(op, true)).catch(() => undefined);
          }}
          onClose={() => setRerunning(null)}
        />
      )}
      {current && open.dialog === 'logs' && (
        <LogsDialog
          title={current.operation}
          status={current.status}
          url={stagedLogUrl(current)}
          pollMs={OPERATION_TIMINGS.stagedLogPollMs}
          onClose={() => setOpen(null)}
        />
      )}
      {current && open.dialog === 'older-logs' && (
        <LogsDialog
          title={current.label}
          status={current.status}
          url={olderLogUrl(current)}
          pollMs={OPERATION_TIMINGS.olderLogPollMs}
          onClose={() => setOpen(null)}
        />
      )}
      {current && open.dialog === 'help' && (
        <HelpDialog operation={current} onClose={() => setOpen(null)} />
      )}
      {current &&
        open.dialog === 'settings' &&
        stageSettings?.(current.operation, () => {
          setOpen(null);
          // A save may have put built stages out of date; no worker announces that on the socket.
          void list.refetch();
        })}
    </Stack>
  );
}
