import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ATTACHMENT_LIMITS, ATTACHMENT_MESSAGES, isAttachmentType } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useAttach } from '../api/attachments';
import { MarkdownEditor } from './markdown-editor';

const onlyNumber = (text: string) => /^[\d\s.,+-]+$/.test(text.trim());

/** 'Attech New File': a file (image, PDF, Word) and a markdown description. */
export function AttachDialog({
  jobId,
  open,
  onClose,
}: {
  jobId: number;
  open: boolean;
  onClose: () => void;
}) {
  const notify = useNotify();
  const attach = useAttach(jobId);
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [fileError, setFileError] = useState<string>();
  const blocked = !file || !description.trim() || onlyNumber(description) || attach.isPending;

  const close = () => {
    setFile(null);
    setDescription('');
    setFileError(undefined);
    onClose();
  };
  const save = () => {
    if (!file) return;
    attach.mutate(
      { file, description },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          close();
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>Attech New File</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button variant="outlined" component="label">
              Choose File
              <input
                hidden
                type="file"
                aria-label="Attachment file"
                accept={ATTACHMENT_LIMITS.accept}
                onChange={(event) => {
                  const chosen = event.target.files?.[0] ?? null;
                  const ok = chosen && isAttachmentType(chosen.type, chosen.name);
                  setFileError(chosen && !ok ? ATTACHMENT_MESSAGES.typeNotAllowed : undefined);
                  setFile(ok ? chosen : null);
                }}
              />
            </Button>
            <Typography color={fileError ? 'error' : 'textSecondary'} variant="body2">
              {fileError ?? file?.name ?? 'Images, PDF or Word documents'}
            </Typography>
          </Stack>
          <MarkdownEditor
            label="Description"
            value={description}
            onChange={setDescription}
            error={
              description && onlyNumber(description)
                ? 'A description cannot be only a number.'
                : undefined
            }
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} color="inherit">
          Cancel
        </Button>
        <Button variant="contained" onClick={save} disabled={blocked}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
