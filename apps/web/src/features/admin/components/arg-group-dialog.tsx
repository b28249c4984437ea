import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ArgGroup } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useSaveArgGroup } from '../api/audit-types';

interface ArgGroupDialogProps {
  auditTypeId: string;
  /** null adds a group. */
  group: ArgGroup | null;
  onClose: () => void;
  onSaved?: (id: number) => void;
}

/** Add or change an argument group; the group key is required (spec part 3 §5). */
export function ArgGroupDialog({ auditTypeId, group, onClose, onSaved }: ArgGroupDialogProps) {
  const notify = useNotify();
  const save = useSaveArgGroup(group?.id ?? null);
  const [key, setKey] = useState(group?.group ?? '');
  const [name, setName] = useState(group?.group_name ?? '');
  const [help, setHelp] = useState(group?.help ?? '');
  const [failure, setFailure] = useState<string | null>(null);

  function submit() {
    setFailure(null);
    save.mutate(
      { audit_type_id: auditTypeId, group: key.trim(), group_name: name.trim(), help: help.trim() },
      {
        onSuccess: (saved) => {
          notify.success(saved.message);
          onSaved?.(saved.id);
          onClose();
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{group ? 'Update Argument Group' : 'Add Argument Group'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField
            label="Group"
            value={key}
            onChange={(event) => setKey(event.target.value)}
            required
            autoFocus
            helperText="Names the section of the JOB file: letters, digits and underscores."
          />
          <TextField
            label="Group Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            label="Help"
            value={help}
            onChange={(event) => setHelp(event.target.value)}
            multiline
            minRows={2}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={!key.trim() || save.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
