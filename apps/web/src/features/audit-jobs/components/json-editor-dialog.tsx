import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { MESSAGES } from '@scrutineer/contracts';

interface JsonEditorDialogProps {
  open: boolean;
  title: string;
  initial: string;
  readOnly?: boolean;
  pending?: boolean;
  onSave: (json: string) => void;
  onClose: () => void;
}

/** Edits a JSON file as text; the value is required and must parse. */
export function JsonEditorDialog({
  open,
  title,
  initial,
  readOnly = false,
  pending = false,
  onSave,
  onClose,
}: JsonEditorDialogProps) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (open) {
      setText(initial);
      setError(undefined);
    }
  }, [open, initial]);

  const save = () => {
    if (!text.trim()) {
      setError(MESSAGES.required);
      return;
    }
    try {
      JSON.parse(text);
    } catch {
      setError('Must be valid JSON.');
      return;
    }
    onSave(text);
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers>
        <TextField
          label="Value"
          required
          multiline
          minRows={14}
          fullWidth
          value={text}
          error={Boolean(error)}
          helperText={error}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
          slotProps={{
            input: { readOnly, sx: { fontFamily: 'monospace', fontSize: 13 } },
          }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          {readOnly ? 'Close' : 'Cancel'}
        </Button>
        {!readOnly && (
          <Button variant="contained" onClick={save} disabled={pending}>
            Save
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
