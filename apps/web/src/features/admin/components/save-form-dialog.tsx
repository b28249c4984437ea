import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { MutateOptions } from '@tanstack/react-query';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';

interface SaveFormDialogProps<Body, Saved extends { message: string }> {
  title: string;
  /** The add-or-update mutation of what the dialog edits. */
  save: {
    mutate: (body: Body, options: MutateOptions<Saved, Error, Body>) => void;
    isPending: boolean;
  };
  /** The body to send, read when Save is pressed. */
  body: () => NoInfer<Body>;
  canSave: boolean;
  /** The record's Help text, the last field of each of these dialogs. */
  help: { value: string; onChange: (value: string) => void; minRows: number };
  saveLabel?: string;
  /** Whether any change to a field hides the last failure. */
  clearsFailureOnEdit?: boolean;
  onSaved?: (saved: Saved) => void;
  /** Closes the dialog; called after a save. */
  onClose: () => void;
  /** Cancel and the backdrop; onClose unless the dialog asks first. */
  onCancel?: () => void;
  children: ReactNode;
}

/**
 * The audit-type editor's dialogs: fields under the server's last refusal, Help last, Cancel
 * and Save; a save shows the server's message and closes.
 */
export function SaveFormDialog<Body, Saved extends { message: string }>({
  title,
  save,
  body,
  canSave,
  help,
  saveLabel = 'Save',
  clearsFailureOnEdit = false,
  onSaved,
  onClose,
  onCancel = onClose,
  children,
}: SaveFormDialogProps<Body, Saved>) {
  const notify = useNotify();
  const [failure, setFailure] = useState<string | null>(null);

  function submit() {
    setFailure(null);
    save.mutate(body(), {
      onSuccess: (saved) => {
        notify.success(saved.message);
        onSaved?.(saved);
        onClose();
      },
      onError: (error) => setFailure(errorMessage(error)),
    });
  }

  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack
          spacing={2}
          sx={{ pt: 1 }}
          onChange={clearsFailureOnEdit ? () => setFailure(null) : undefined}
        >
          {failure && <Alert severity="error">{failure}</Alert>}
          {children}
          <TextField
            label="Help"
            value={help.value}
            onChange={(event) => help.onChange(event.target.value)}
            multiline
            minRows={help.minRows}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={!canSave || save.isPending}>
          {saveLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
