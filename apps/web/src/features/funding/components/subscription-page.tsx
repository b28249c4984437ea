import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Subscription } from '@scrutineer/contracts';
import { PageHeader } from '../../../components/page-header';
import { PaymentDetailsDialog } from '../../../components/payment-details-dialog';
import { longDate } from '../../../lib/dates';
import { useMySubscriptions } from '../api/packages';
import { PlansAndPricing } from './plans-page';

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
      {open && <PaymentDetailsDialog subscription={open} onClose={() => setOpen(null)} />}
    </>
  );
}
