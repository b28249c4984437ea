import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FUNDING_MESSAGES, formatProgress } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { PageHeader } from '../../../components/page-header';
import { useOpenJobs, useStartAuditCheckout } from '../api/payments';
import { applyMethod, DONATION_METHODS } from './donation-methods';
import { VisibilityDialog } from './donation-dialogs';

const toCents = (text: string) => Math.round(Number(text || 0) * 100);
const blockMinus = (event: React.KeyboardEvent) => {
  if (event.key === '-') event.preventDefault();
};

/** /audit-donation and /public: donate to open audit jobs, one amount per job. */
export function AuditDonationPage({ title = 'Donate' }: { title?: string }) {
  const notify = useNotify();
  const { data } = useOpenJobs();
  const jobs = data?.items ?? [];
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<number | ''>(3);
  const [choosing, setChoosing] = useState(false);
  const checkout = useStartAuditCheckout();

  const totalCents = jobs.reduce((sum, job) => sum + toCents(amounts[job.id] ?? ''), 0);
  const apply = () => {
    if (method === '') {
      notify.error(FUNDING_MESSAGES.chooseDonateBy);
      return;
    }
    if (method !== 0 && amount.trim() === '') {
      notify.error(FUNDING_MESSAGES.enterAmount);
      return;
    }
    const cents = applyMethod(method, toCents(amount), jobs.length);
    setAmounts(
      Object.fromEntries(
        jobs.map((job, index) => [job.id, ((cents[index] ?? 0) / 100).toFixed(2)]),
      ),
    );
  };

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
            type="number"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            onKeyDown={blockMinus}
            slotProps={{ htmlInput: { min: 0 } }}
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
            {jobs.map((job) => {
              const value = amounts[job.id] ?? '';
              const invalid = value !== '' && Number(value) < 0;
              return (
                <TableRow key={job.id}>
                  <TableCell>{job.name}</TableCell>
                  <TableCell>{formatProgress(job.progress)}%</TableCell>
                  <TableCell>
                    <TextField
                      size="small"
                      type="number"
                      value={value}
                      onChange={(event) =>
                        setAmounts((current) => ({ ...current, [job.id]: event.target.value }))
                      }
                      onKeyDown={blockMinus}
                      error={invalid}
                      helperText={invalid ? FUNDING_MESSAGES.inputPositive : undefined}
                      slotProps={{ htmlInput: { min: 0, 'aria-label': `Donation to ${job.name}` } }}
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
            disabled={totalCents === 0 || checkout.isPending}
            onClick={() => setChoosing(true)}
          >
            Checkout
          </Button>
        </Box>
      </Paper>
      <VisibilityDialog
        open={choosing}
        busy={checkout.isPending}
        onClose={() => setChoosing(false)}
        onConfirm={(access) =>
          checkout.mutate(
            {
              audit_ids: jobs
                .map((job) => ({ audit_id: job.id, amount: toCents(amounts[job.id] ?? '') / 100 }))
                .filter((line) => line.amount > 0),
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
