import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MESSAGES } from '@scrutineer/contracts';
import type { ArgumentSpec } from './settings-specs';

interface ArgumentEntryDialogProps {
  /** Arguments that may be chosen (unused ones, and multi-valued ones). */
  options: ArgumentSpec[];
  initial: { argument: string; value: string } | null;
  onSave: (entry: { argument: string; value: string }) => void;
  onClose: () => void;
}

/** Add or edit one argument: Name, Value (a list when it has choices), Help. */
export function ArgumentEntryDialog({
  options,
  initial,
  onSave,
  onClose,
}: ArgumentEntryDialogProps) {
  const [argument, setArgument] = useState(initial?.argument ?? '');
  const [value, setValue] = useState(initial?.value ?? '');
  const [tried, setTried] = useState(false);
  const spec = options.find((a) => a.argument === argument);
  const choices = spec?.type === 'bool' ? ['TRUE', 'FALSE'] : (spec?.choices ?? []);
  const save = () => {
    setTried(true);
    if (argument && value.trim()) onSave({ argument, value: value.trim() });
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{initial ? 'Edit Argument' : 'Add Argument'}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField
            select
            label="Name"
            required
            disabled={initial !== null}
            value={argument}
            error={tried && !argument}
            helperText={tried && !argument ? MESSAGES.required : undefined}
            onChange={(event) => {
              setArgument(event.target.value);
              setValue('');
            }}
          >
            {options.map((a) => (
              <MenuItem key={a.argument} value={a.argument}>
                {a.argument}
              </MenuItem>
            ))}
          </TextField>
          {choices.length > 0 && spec?.type !== 'list' ? (
            <TextField
              select
              label="Value"
              required
              value={value}
              error={tried && !value}
              helperText={tried && !value ? MESSAGES.required : undefined}
              onChange={(event) => setValue(event.target.value)}
            >
              {choices.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <TextField
              label="Value"
              required
              type={spec?.type === 'int' ? 'number' : 'text'}
              value={value}
              error={tried && !value.trim()}
              helperText={tried && !value.trim() ? MESSAGES.required : spec?.format}
              onChange={(event) => setValue(event.target.value)}
            />
          )}
          <TextField
            label="Help"
            multiline
            value={spec?.help ?? ''}
            slotProps={{ input: { readOnly: true } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button variant="contained" onClick={save} disabled={!value.trim()}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
