import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AdminUser, Subscription } from '@scrutineer/contracts';
import { PaymentDetailsDialog } from '../../../components/payment-details-dialog';
import { SearchField } from '../../../components/search-field';
import { errorMessage } from '../../../lib/api-error';
import { longDate } from '../../../lib/dates';
import { useUserSubscriptions } from '../api/user-subscriptions';

const HEADINGS = ['Package Name', 'Package Type', 'Price', 'Start Date', 'End Date', 'Status', ''];

/** Subscription Details of one user: a searchable table, each row opening Payment Details. */
export function SubscriptionsDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { data, error, isPending } = useUserSubscriptions(user.id);
  const [search, setSearch] = useState('');
  const [payment, setPayment] = useState<Subscription | null>(null);
  const needle = search.trim().toLowerCase();
  const rows = (data?.subscriptions ?? []).filter((row) =>
    [row.package.name, row.is_monthly ? 'Monthly' : 'Yearly', row.status, longDate(row.startDate)]
      .join(' ')
      .toLowerCase()
      .includes(needle),
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>Subscription Details</DialogTitle>
      <DialogContent>
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          {user.first_name} {user.last_name} ({user.email}) · plan {user.subscriptionPlan || 'none'}
        </Typography>
        <SearchField value={search} onChange={setSearch} />
        {error && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {errorMessage(error)}
          </Alert>
        )}
        <Table size="small" aria-label={`Subscriptions of ${user.email}`} sx={{ mt: 2 }}>
          <TableHead>
            <TableRow>
              {HEADINGS.map((label) => (
                <TableCell key={label}>{label}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>{row.package.name}</TableCell>
                <TableCell>{row.is_monthly ? 'Monthly' : 'Yearly'}</TableCell>
                <TableCell>${row.price}</TableCell>
                <TableCell>{longDate(row.startDate)}</TableCell>
                <TableCell>{longDate(row.endDate)}</TableCell>
                <TableCell>{row.manual ? `${row.status} (manual)` : row.status}</TableCell>
                <TableCell>
                  <Button size="small" onClick={() => setPayment(row)}>
                    Payment details
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {!isPending && rows.length === 0 && (
          <Typography color="textSecondary" sx={{ p: 2 }}>
            {needle ? 'No subscription matches.' : 'No subscriptions yet.'}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      {payment && <PaymentDetailsDialog subscription={payment} onClose={() => setPayment(null)} />}
    </Dialog>
  );
}
