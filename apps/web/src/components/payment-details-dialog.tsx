import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Subscription } from '@scrutineer/contracts';

/** Payment Details of one subscription: the card payment, or a note that an Admin gave it. */
export function PaymentDetailsDialog({
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
              <Typography key={label} sx={{ overflowWrap: 'anywhere' }}>
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
