import type { ReactNode, SyntheticEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';

interface RoomDialogFrameProps {
  title: string;
  submitLabel: string;
  pending: boolean;
  submitDisabled?: boolean;
  danger?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** The shape every room dialog shares: a title, fields, Cancel and one action. */
export function RoomDialogFrame(props: RoomDialogFrameProps) {
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <Dialog
      open
      onClose={props.onClose}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: 500 } } }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle>{props.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {props.children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={props.onClose} color="inherit">
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={props.danger ? 'error' : 'primary'}
            disabled={props.pending || props.submitDisabled}
          >
            {props.submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
