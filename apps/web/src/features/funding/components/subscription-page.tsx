import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Subscription } from '@scrutineer/contracts';
import { PageHeader } from '../../../components/page-header';
import { useMySubscriptions } from '../api/packages';
import { PlansAndPricing } from './plans-page';

/** 'MMMM Do YYYY', as in November 23rd 2026. */
export function longDate(iso: string): string {
  const date = new Date(iso);
  const day = date.getUTCDate();
  const suffix =
    day % 10 === 1 && day !== 11
      ? 'st'
      : day % 10 === 2 && day !== 12
        ? 'nd'
        : day % 10 === 3 && day !== 13
          ? 'rd'
          : 'th';
  const month = date.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return `${month} ${day}${suffix} ${date.getUTCFullYear()}`;
}

function PaymentDetails({
  subscription,
  onClose,
}: {
  subscription: Subscription;
  onClose: () => void;
}) {
  const payment = subscription.payment;
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Payment Details</DialogTitle>
      <DialogContent>
        {payment ? (
          <Stack spacing={0.5}>
            {[
              ['Name', payment.name],
              ['Email', payment.email],
              ['Transaction Id', payment.transaction_id],
              ['Price', `$${payment.price}`],
              ['Status', payment.payment_status],
              ['Currency', payment.currency.toUpperCase()],
              [
                'Address',
                [payment.address, payment.city, payment.state, payment.zip_code, payment.country]
                  .filter(Boolean)
                  .join(', '),
              ],
            ].map(([label, value]) => (
              <Typography key={label}>
                <strong>{label}:</strong> {value}
              </Typography>
            ))}
          </Stack>
        ) : (
          <Typography>Given by an Admin; no card payment.</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** /subscription: the User's subscriptions with payment details, and the plans on offer. */
export function SubscriptionPage() {
  const { data } = useMySubscriptions();
  const [open, setOpen] = useState<Subscription | null>(null);
  const rows = data?.subscriptions ?? [];
  return (
    <>
      <PageHeader title="Subscription" />
      <Paper variant="outlined" sx={{ p: 2, mb: 4 }}>
        <Table size="small" aria-label="Subscriptions">
          <TableHead>
            <TableRow>
              {['Package Name', 'Package Type', 'Start Date', 'End Date', 'Status', 'Actions'].map(
                (label) => (
                  <TableCell key={label}>{label}</TableCell>
                ),
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>{row.package.name}</TableCell>
                <TableCell>{row.is_monthly ? 'Monthly' : 'Yearly'}</TableCell>
                <TableCell>{longDate(row.startDate)}</TableCell>
                <TableCell>{longDate(row.endDate)}</TableCell>
                <TableCell>{row.status}</TableCell>
                <TableCell>
                  <Button size="small" onClick={() => setOpen(row)}>
                    Payment details
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {data && rows.length === 0 && (
          <Typography color="textSecondary" sx={{ p: 2 }}>
            You have no subscription yet. Choose a plan below.
          </Typography>
        )}
      </Paper>
      <PlansAndPricing />
      {open && <PaymentDetails subscription={open} onClose={() => setOpen(null)} />}
    </>
  );
}
