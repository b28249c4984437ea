import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CHEQUE_THRESHOLD,
  FUNDING_MESSAGES,
  formatDollars,
  formatFundingProgress,
} from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { PageHeader } from '../../../components/page-header';
import { useOpenJobs, useStartAuditCheckout } from '../api/payments';
import { applyMethod, DONATION_METHODS, readAmount } from './donation-methods';
import { ChequeDialog, VisibilityDialog } from './donation-dialogs';

const MESSAGES = {
  required: FUNDING_MESSAGES.inputRequired,
  positive: FUNDING_MESSAGES.inputPositive,
};
// Amounts are typed as text: a number field would take "1e3" as a thousand.
const blockSigns = (event: React.KeyboardEvent) => {
  if (['-', '+', 'e', 'E'].includes(event.key)) event.preventDefault();
};
const amountInput = { inputMode: 'decimal' as const, autoComplete: 'off' };

/** /audit-donation and /public: donate to open audit jobs, one amount per job. */
export function AuditDonationPage({ title = 'Donate' }: { title?: string }) {
  const notify = useNotify();
  const { data } = useOpenJobs();
  const jobs = data?.items ?? [];
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  // A job field the donor typed in; an untouched empty field simply gives nothing.
  const [touched, setTouched] = useState<Record<number, boolean>>({});
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<number | ''>(3);
  const [dialog, setDialog] = useState<'cheque' | 'visibility' | null>(null);
  const checkout = useStartAuditCheckout();

  const readings = jobs.map((job) => {
    const text = amounts[job.id] ?? '';
    if (text === '' && !touched[job.id]) return { job, cents: 0, error: undefined };
    const reading = readAmount(text, MESSAGES);
    return 'cents' in reading
      ? { job, cents: reading.cents, error: undefined }
      : { job, cents: 0, error: reading.error };
  });
  const totalCents = readings.reduce((sum, line) => sum + line.cents, 0);
  const hasError = readings.some((line) => line.error !== undefined);

  const apply = () => {
    if (method === '') {
      notify.error(FUNDING_MESSAGES.chooseDonateBy);
      return;
    }
    let cents = 0;
    if (method !== 0) {
      if (amount.trim() === '') {
        notify.error(FUNDING_MESSAGES.enterAmount);
        return;
      }
      const reading = readAmount(amount, MESSAGES);
      if ('error' in reading) {
        notify.error(reading.error);
        return;
      }
      cents = reading.cents;
    }
    const shares = applyMethod(method, cents, jobs.length);
    setAmounts(
      Object.fromEntries(
        jobs.map((job, index) => {
          const share = shares[index] ?? 0;
          return [job.id, share > 0 ? (share / 100).toFixed(2) : ''];
        }),
      ),
    );
    setTouched({});
  };
  const startCheckout = () =>
    setDialog(totalCents >= CHEQUE_THRESHOLD * 100 ? 'cheque' : 'visibility');

  return (
    <>
      <PageHeader
        title={title}
        subtitle="Fund the open audit jobs; every dollar goes to the jobs you choose."
      />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
          <TextField
            label="Amount"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            onKeyDown={blockSigns}
            slotProps={{ htmlInput: amountInput }}
            sx={{ width: 160 }}
          />
          <TextField
            select
            label="Donate By"
            value={method}
            onChange={(event) =>
              setMethod(event.target.value === '' ? '' : Number(event.target.value))
            }
            sx={{ width: 220 }}
          >
            {DONATION_METHODS.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" onClick={apply}>
            APPLY
          </Button>
        </Box>
        <Table size="small" aria-label="Open audit jobs">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Progress</TableCell>
              <TableCell>Donation</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {readings.map(({ job, error }) => {
              const value = amounts[job.id] ?? '';
              return (
                <TableRow key={job.id}>
                  <TableCell>
                    <Link component={RouterLink} to={`/public/audits/${job.id}`}>
                      {job.name}
                    </Link>
                  </TableCell>
                  <TableCell>{formatFundingProgress(job)}</TableCell>
                  <TableCell>
                    <TextField
                      size="small"
                      value={value}
                      onChange={(event) => {
                        setAmounts((current) => ({ ...current, [job.id]: event.target.value }));
                        setTouched((current) => ({ ...current, [job.id]: true }));
                      }}
                      onKeyDown={blockSigns}
                      error={error !== undefined}
                      helperText={error}
                      slotProps={{
                        htmlInput: { ...amountInput, 'aria-label': `Donation to ${job.name}` },
                      }}
                      sx={{ width: 140 }}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        {data && jobs.length === 0 && (
          <Typography color="textSecondary" sx={{ mt: 2 }}>
            No audit jobs are open for donations right now.
          </Typography>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 3 }}>
          <Typography variant="h6" data-testid="donation-total">
            Total: ${(totalCents / 100).toFixed(2)}
          </Typography>
          <Button
            variant="contained"
            disabled={totalCents === 0 || hasError || checkout.isPending}
            onClick={startCheckout}
          >
            Checkout
          </Button>
        </Box>
      </Paper>
      <ChequeDialog
        open={dialog === 'cheque'}
        amount={formatDollars(totalCents).slice(1)}
        memo="the audit job's name"
        onCard={() => setDialog('visibility')}
        onClose={() => setDialog(null)}
      />
      <VisibilityDialog
        open={dialog === 'visibility'}
        busy={checkout.isPending}
        onClose={() => setDialog(null)}
        onConfirm={(access) =>
          checkout.mutate(
            {
              audit_ids: readings
                .filter((line) => line.cents > 0)
                .map((line) => ({ audit_id: line.job.id, amount: line.cents / 100 })),
              price: totalCents / 100,
              access,
            },
            { onError: (error) => notify.error(error.message) },
          )
        }
      />
    </>
  );
}
