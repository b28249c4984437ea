import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CHEQUE_THRESHOLD,
  DONATION_PRESETS,
  FUNDING_MESSAGES,
  formatDollars,
} from '@scrutineer/contracts';
import { JobStatusChip } from '../../../components/job-status';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useOpenJob, useStartAuditCheckout } from '../api/payments';
import { ChequeDialog, VisibilityDialog } from './donation-dialogs';
import { readAmount } from './donation-methods';
import { RadialProgress } from './radial-progress';

const MESSAGES = {
  required: FUNDING_MESSAGES.inputRequired,
  positive: FUNDING_MESSAGES.inputPositive,
};
const dollars = (value: number) => formatDollars(Math.round(value * 100));

/** /public/audits/{id}: one open audit job, its funding and a gift to it alone. */
export function PublicAuditPage() {
  const { id } = useParams();
  const jobId = Number(id);
  const notify = useNotify();
  const { data: job, error, isPending } = useOpenJob(jobId);
  const checkout = useStartAuditCheckout();
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [dialog, setDialog] = useState<'cheque' | 'visibility' | null>(null);
  const reading = readAmount(amount, MESSAGES);
  const shownError = touched && 'error' in reading ? reading.error : undefined;

  if (!Number.isInteger(jobId) || jobId <= 0 || error)
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="warning">
          {error ? errorMessage(error) : 'There is no audit job at this address.'} This audit is not
          open for donations.
        </Alert>
        <Button component={RouterLink} to="/public" variant="outlined">
          See the open audits
        </Button>
      </Stack>
    );
  if (isPending) return <LinearProgress aria-label="Loading the audit" />;

  const place = [job.election.county, job.election.state, job.election.country]
    .filter(Boolean)
    .join(', ');
  const submit = () => {
    setTouched(true);
    if ('error' in reading) {
      notify.error(amount.trim() === '' ? FUNDING_MESSAGES.enterAmount : reading.error);
      return;
    }
    setDialog(reading.cents >= CHEQUE_THRESHOLD * 100 ? 'cheque' : 'visibility');
  };

  return (
    <Stack spacing={3}>
      <Box>
        <Button component={RouterLink} to="/public" size="small" sx={{ mb: 1 }}>
          ← All open audits
        </Button>
        <Typography variant="h4" component="h1">
          {job.name}
        </Typography>
        <Typography color="textSecondary" component="div">
          {`${job.election.name} · ${place} · Status: `}
          <JobStatusChip status={job.status} />
        </Typography>
      </Box>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', alignItems: 'center' }}>
          {/* With no goal there is nothing to measure against: the amount raised says it. */}
          {job.request_donate > 0 && <RadialProgress percent={job.progress} />}
          <Box>
            {job.request_donate > 0 ? (
              <Typography variant="h6">{`Funding goal: ${dollars(job.request_donate)}`}</Typography>
            ) : (
              <Typography variant="h6">No funding goal set yet</Typography>
            )}
            <Typography color="textSecondary">
              {`Received: ${dollars(job.received_donation)}`}
            </Typography>
          </Box>
        </Box>
        {job.description && (
          <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>{job.description}</Typography>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Donate to this audit
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          {[...DONATION_PRESETS].reverse().map((preset) => (
            <Button
              key={preset}
              variant={amount === String(preset) ? 'contained' : 'outlined'}
              onClick={() => {
                setAmount(String(preset));
                setTouched(true);
              }}
            >
              ${preset}
            </Button>
          ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            label="Amount"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              setTouched(true);
            }}
            onKeyDown={(event) => {
              if (['-', '+', 'e', 'E'].includes(event.key)) event.preventDefault();
            }}
            error={shownError !== undefined}
            helperText={shownError}
            slotProps={{
              htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            }}
            sx={{ width: 200 }}
          />
          <Button
            variant="contained"
            size="large"
            onClick={submit}
            disabled={checkout.isPending}
            sx={{ mt: 0.5 }}
          >
            Checkout
          </Button>
        </Box>
      </Paper>
      <ChequeDialog
        open={dialog === 'cheque'}
        amount={'cents' in reading ? formatDollars(reading.cents).slice(1) : ''}
        memo={`"${job.name}"`}
        onCard={() => setDialog('visibility')}
        onClose={() => setDialog(null)}
      />
      <VisibilityDialog
        open={dialog === 'visibility'}
        busy={checkout.isPending}
        onClose={() => setDialog(null)}
        onConfirm={(access) => {
          if (!('cents' in reading)) return;
          checkout.mutate(
            {
              audit_ids: [{ audit_id: job.id, amount: reading.cents / 100 }],
              price: reading.cents / 100,
              access,
            },
            { onError: (failure) => notify.error(failure.message) },
          );
        }}
      />
    </Stack>
  );
}
