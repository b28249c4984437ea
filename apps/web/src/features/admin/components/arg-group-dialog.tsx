import { useState } from 'react';
import TextField from '@mui/material/TextField';
import type { ArgGroup } from '@scrutineer/contracts';
import { useSaveArgGroup } from '../api/audit-types';
import { SaveFormDialog } from './save-form-dialog';

interface ArgGroupDialogProps {
  auditTypeId: string;
  /** null adds a group. */
  group: ArgGroup | null;
  onClose: () => void;
  onSaved?: (id: number) => void;
}

/** Add or change an argument group; the group key is required (spec part 3 §5). */
export function ArgGroupDialog({ auditTypeId, group, onClose, onSaved }: ArgGroupDialogProps) {
  const save = useSaveArgGroup(group?.id ?? null);
  const [key, setKey] = useState(group?.group ?? '');
  const [name, setName] = useState(group?.group_name ?? '');
  const [help, setHelp] = useState(group?.help ?? '');

  return (
    <SaveFormDialog
      title={group ? 'Update Argument Group' : 'Add Argument Group'}
      save={save}
      body={() => ({
        audit_type_id: auditTypeId,
        group: key.trim(),
        group_name: name.trim(),
        help: help.trim(),
      })}
      help={{ value: help, onChange: setHelp, minRows: 2 }}
      canSave={Boolean(key.trim())}
      onSaved={(saved) => onSaved?.(saved.id)}
      onClose={onClose}
    >
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
    </SaveFormDialog>
  );
}
