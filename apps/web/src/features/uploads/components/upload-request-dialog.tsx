import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { UPLOAD_MESSAGES, type UploadRequest } from '@scrutineer/contracts';
import { IconAction } from '../../../components/icon-action';
import { useNotify } from '../../../components/notifications/use-notify';
import { fieldError } from '../../../lib/api-error';
import type { OwnerType } from '../api/upload-keys';
import { useCopyUploadRequest, useSaveUploadRequest } from '../api/upload-requests';
import { defaultValidThrough, isoDate } from './request-dates';

interface UploadRequestDialogProps {
  type: OwnerType;
  owner: { id: number; name: string };
  request: UploadRequest | null;
  onClose: () => void;
}

/** Upload Request For {name}: Send for a new request, Update for an existing one. */
export function UploadRequestDialog({ type, owner, request, onClose }: UploadRequestDialogProps) {
  const notify = useNotify();
  const save = useSaveUploadRequest(type, owner.id);
  const copy = useCopyUploadRequest(type, owner.id);
  // A copied new request is saved by the copy call; later saves update that one.
  const [id, setId] = useState(request?.id);
  const [name, setName] = useState(request?.name ?? '');
  const [email, setEmail] = useState(request?.email ?? '');
  const [description, setDescription] = useState(request?.description ?? '');
  const [sendEmail, setSendEmail] = useState(request?.send_email ?? false);
  const [noExpiration, setNoExpiration] = useState(
    request ? request.valid_through === null : false,
  );
  const [validThrough, setValidThrough] = useState(request?.valid_through ?? defaultValidThrough());
  const [link, setLink] = useState('');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const canExpireNever = type === 'election';
  const expires = !(noExpiration && canExpireNever);
  // A new or mailed request cannot go out already expired; an existing one may be ended.
  const dateError = !expires
    ? undefined
    : !validThrough
      ? UPLOAD_MESSAGES.validThroughMissing
      : validThrough < isoDate(new Date()) && (!id || sendEmail)
        ? UPLOAD_MESSAGES.validThroughPast
        : serverErrors.valid_through;

  const showError = (error: unknown) => {
    const { field, message } = fieldError(error);
    if (field && ['name', 'email', 'valid_through', 'description'].includes(field)) {
      setServerErrors({ [field]: message });
    } else notify.error(message);
  };

  const input = () => ({
    id,
    name: name.trim(),
    email: email.trim(),
    description,
    send_email: sendEmail,
    valid_through: expires ? validThrough : null,
  });

  const submit = () =>
    save.mutate(input(), {
      onSuccess: (saved) => {
        notify.success(saved.message);
        onClose();
      },
      onError: showError,
    });

  const copyLink = () => {
    if (sendEmail && !email.trim()) {
      notify.error(UPLOAD_MESSAGES.emailRequired);
      return;
    }
    if (dateError) return;
    copy.mutate(input(), {
      onSuccess: (answer) => {
        setId(answer.id);
        setLink(answer.request_url);
        navigator.clipboard.writeText(answer.request_url).then(
          () => notify.success('copy successfully'),
          () => notify.info('The link is shown below; copy it from there.'),
        );
      },
      onError: showError,
    });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: 600 } } }}
    >
      <DialogTitle>Upload Request For {owner.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Name"
            required
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setServerErrors({});
            }}
            error={Boolean(serverErrors.name)}
            helperText={serverErrors.name}
          />
          <TextField
            label="Email"
            type="email"
            required
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setServerErrors({});
            }}
            error={Boolean(serverErrors.email)}
            helperText={serverErrors.email}
          />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <TextField
              label="Valid Through"
              type="date"
              value={expires ? validThrough : ''}
              disabled={!expires}
              onChange={(e) => {
                setValidThrough(e.target.value);
                setServerErrors({});
              }}
              slotProps={{ inputLabel: { shrink: true } }}
              error={Boolean(dateError)}
              helperText={dateError ?? 'YYYY-MM-DD'}
              sx={{ flexGrow: 1 }}
            />
            {canExpireNever && (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={noExpiration}
                    onChange={(e) => setNoExpiration(e.target.checked)}
                  />
                }
                label="No Expiration"
              />
            )}
          </Stack>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <FormControlLabel
              control={
                <Checkbox checked={sendEmail} onChange={(e) => setSendEmail(e.target.checked)} />
              }
              label="Send Email"
            />
            <IconAction label="Copy Link" onClick={copyLink}>
              <ContentCopyOutlined fontSize="small" />
            </IconAction>
          </Stack>
          {link && (
            <TextField
              label="Link"
              value={link}
              slotProps={{ input: { readOnly: true } }}
              onFocus={(e) => e.target.select()}
            />
          )}
          <TextField
            label="Description"
            multiline
            minRows={3}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={!name.trim() || !email.trim() || Boolean(dateError) || save.isPending}
        >
          {id ? 'Update' : 'Send'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
