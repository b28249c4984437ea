import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AuditJob, Rla } from '@scrutineer/contracts';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useNextRound, useRla } from '../api/rla';
import { AuditBallots } from './audit-ballots';
import { BoardReadings } from './board-readings';
import { percent } from './format';
import { RetrievalLists } from './retrieval-lists';
import { RlaReport, rlaStatusText } from './rla-report';
import { StartRlaForm } from './start-rla-form';

/** The job's Risk-Limiting Audit tab: start, retrieval, board readings, ballots and report. */
export function RlaPanel({ job }: { job: AuditJob }) {
  const answer = useRla(job.id);
  if (answer.isPending) return <FullPageSpinner />;
  if (answer.error) return <Alert severity="error">{errorMessage(answer.error)}</Alert>;
  const rla = answer.data.rla;
  if (!rla)
    return job.can.run ? (
      <StartRlaForm job={job} />
    ) : (
      <Alert severity="info">This job has no risk-limiting audit yet.</Alert>
    );
  return (
    <Stack spacing={3} divider={<Divider />}>
      <Summary rla={rla} />
      {rla.can.run && <RetrievalLists rla={rla} />}
      {rla.my_board && rla.can.read && <BoardReadings rla={rla} />}
      {rla.can.run && <AuditBallots rla={rla} />}
      <RlaReport rla={rla} />
    </Stack>
  );
}

function Summary({ rla }: { rla: Rla }) {
  const notify = useNotify();
  const next = useNextRound(rla.job_id);
  const last = rla.rounds[rla.rounds.length - 1];
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6">Risk-limiting audit</Typography>
        <Chip
          label={rlaStatusText(rla.status)}
          color={
            rla.status === 'risk_limit_met'
              ? 'success'
              : rla.status === 'full_hand_count'
                ? 'error'
                : 'default'
          }
        />
      </Stack>
      <Typography variant="body2">
        {rla.method}
        {rla.gamma === null ? '' : ` ${rla.gamma}`}; {rla.sampler}. Seed {rla.seed}; risk limit{' '}
        {rla.risk_limit}%.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        CVR {rla.cvr_file}; ballot manifest {rla.manifest_file} ({rla.ballots} ballots). Boards:{' '}
        {rla.boards
          .map((b) => `${b.name} (${b.members.map((m) => m.name).join(' and ')})`)
          .join('; ')}
        .
      </Typography>
      <Box component="ul" sx={{ my: 1 }}>
        {rla.contests.map((c) => (
          <li key={c.id}>
            <Typography variant="body2">
              {c.name}: reported winner{c.winners.length > 1 ? 's' : ''}{' '}
              {c.winners.map((w) => c.options.find((o) => o.id === w)?.name ?? w).join(', ')};
              margin {c.margin_votes} votes, diluted {percent(c.diluted_margin)}
            </Typography>
          </li>
        ))}
      </Box>
      {rla.status === 'full_hand_count' && (
        <Alert severity="error">
          The audit escalated all the way: only a full hand count can confirm the outcome.
        </Alert>
      )}
      {rla.status === 'in_progress' && last?.status === 'complete' && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          Round {last.number} ended short of the risk limit: a further round is needed.
        </Alert>
      )}
      {rla.can.next_round && (
        <Button
          variant="contained"
          disabled={next.isPending}
          onClick={() =>
            next.mutate(undefined, {
              onSuccess: () => notify.success(`Round ${(last?.number ?? 0) + 1} drawn`),
              onError: (error) => notify.error(errorMessage(error)),
            })
          }
        >
          Draw Next Round
        </Button>
      )}
    </Box>
  );
}
