import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { MESSAGES } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useCloseAccount } from '../api/close-account';

/** Closing the account signs the user out; it can no longer sign in. */
export function CloseAccountPanel({ email }: { email: string }) {
  const notify = useNotify();
  const close = useCloseAccount(() => notify.success(MESSAGES.accountClosed));
  const [confirming, setConfirming] = useState(false);

  const confirm = () =>
    close.mutate(email, {
      onError: (error) => {
        setConfirming(false);
        notify.error(errorMessage(error));
      },
    });

  return (
    <Stack spacing={2.5} sx={{ maxWidth: 560 }}>
      <Alert severity="warning" variant="outlined">
        Closing your account signs you out everywhere. You will no longer be able to sign in with{' '}
        <strong>{email}</strong>.
      </Alert>
      <Box>
        <Button variant="contained" color="error" onClick={() => setConfirming(true)}>
          Close My Account
        </Button>
      </Box>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby="close-account-title"
      >
        <DialogTitle id="close-account-title">Close your account?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Are you sure you want to close your account? This cannot be undone from the app.
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setConfirming(false)} color="inherit">
            Cancel
          </Button>
          <Button onClick={confirm} variant="contained" color="error" disabled={close.isPending}>
            Confirm
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
