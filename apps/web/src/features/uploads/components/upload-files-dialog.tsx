import { useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { UploadQueue } from '../uploader/upload-queue';
import { UploadList } from './upload-list';
import { UploadQueueButtons } from './upload-queue-buttons';

interface UploadFilesDialogProps {
  title: string;
  queue: UploadQueue;
  /** The interrupted upload the user asked to resume, if any: the dialog says how. */
  resuming?: string | null;
  open: boolean;
  onHide: () => void;
}

/** Upload Files for {name}: choose files, Upload All, Remove All or Hide (uploads go on). */
export function UploadFilesDialog({
  title,
  queue,
  resuming = null,
  open,
  onHide,
}: UploadFilesDialogProps) {
  const rows = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  return (
    <Dialog
      open={open}
      onClose={onHide}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: 800 } } }}
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers>
        {resuming && (
          <Alert severity="info" sx={{ mb: 2 }}>
            To resume {resuming}, select the same file again and upload it: the parts already
            received are kept.
          </Alert>
        )}
        <UploadList queue={queue} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <UploadQueueButtons queue={queue} disabled={rows.length === 0} />
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={onHide} color="inherit">
          Hide
        </Button>
      </DialogActions>
    </Dialog>
  );
}
