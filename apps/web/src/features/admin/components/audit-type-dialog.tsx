import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { auditTypeIdFromName, type AuditType, type AuditTypeBody } from '@scrutineer/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useSaveAuditType } from '../api/audit-types';
import { SaveFormDialog } from './save-form-dialog';

interface AuditTypeDialogProps {
  /** null adds a new audit type. */
  auditType: AuditType | null;
  takenIds: readonly string[];
  onClose: () => void;
}

/**
 * Add or update an audit type (spec part 3 §5): the ID follows the name until typed over,
 * is read-only when editing, and Save waits for an ID and name and a free ID.
 */
export function AuditTypeDialog({ auditType, takenIds, onClose }: AuditTypeDialogProps) {
  const isNew = auditType === null;
  const save = useSaveAuditType(auditType?.id ?? null);
  const [name, setName] = useState(auditType?.name ?? '');
  const [typedId, setTypedId] = useState<string | null>(null);
  const [premium, setPremium] = useState(auditType?.premium === 'TRUE');
  const [show, setShow] = useState(auditType ? auditType.show === 'TRUE' : true);
  const [help, setHelp] = useState(auditType?.help ?? '');
  const [confirmClose, setConfirmClose] = useState(false);

  const id = isNew ? (typedId ?? auditTypeIdFromName(name)).trim() : auditType.id;
  const idTaken = isNew && takenIds.includes(id);
  const dirty = isNew
    ? Boolean(name || typedId || premium || !show || help)
    : name !== auditType.name ||
      premium !== (auditType.premium === 'TRUE') ||
      show !== (auditType.show === 'TRUE') ||
      help !== auditType.help;
  const canSave = Boolean(id) && Boolean(name.trim()) && !idTaken;
  const close = () => (dirty ? setConfirmClose(true) : onClose());

  return (
    <>
      <SaveFormDialog
        title={isNew ? 'Add Audit Type' : 'Update Audit Type'}
        save={save}
        body={(): AuditTypeBody => ({
          id,
          name: name.trim(),
          premium: premium ? 'TRUE' : 'FALSE',
          show: show ? 'TRUE' : 'FALSE',
          help: help.trim(),
        })}
        help={{ value: help, onChange: setHelp, minRows: 3 }}
        canSave={canSave}
        saveLabel={isNew ? 'Add' : 'Update'}
        onClose={onClose}
        onCancel={close}
      >
        <TextField
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          autoFocus
        />
        <TextField
          label="ID"
          value={id}
          onChange={(event) => setTypedId(event.target.value)}
          required
          disabled={!isNew}
          error={idTaken}
          helperText={
            idTaken
              ? 'An audit type with this ID already exists.'
              : isNew
                ? 'Made from the name: lowercase, no punctuation, spaces as underscores.'
                : 'The ID cannot change.'
          }
        />
        <Stack direction="row" spacing={2}>
          <FormControlLabel
            control={
              <Checkbox checked={premium} onChange={(event) => setPremium(event.target.checked)} />
            }
            label="Premium"
          />
          <FormControlLabel
            control={
              <Checkbox checked={show} onChange={(event) => setShow(event.target.checked)} />
            }
            label="Show"
          />
        </Stack>
      </SaveFormDialog>
      <ConfirmDialog
        open={confirmClose}
        title="Are you sure you want to close without Updating/Adding?"
        confirmLabel="Close"
        onConfirm={onClose}
        onClose={() => setConfirmClose(false)}
      />
    </>
  );
}
