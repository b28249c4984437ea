import { useState, useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { UPLOAD_MESSAGES, type UploadFile } from '@scrutineer/contracts';
import { formatSize } from '../uploader/progress-format';
import type { FileUpload, RowStatus } from '../uploader/file-upload';
import { FilePickerButton } from './file-picker-button';
import { SetTypeField } from './set-type-field';
import { SetUploadProgress } from './set-upload-progress';

export interface SetUploadRequest {
  file: File;
  file_type: string;
  description: string;
}

interface UploadSetDialogProps {
  ownerName: string;
  /** The set being uploaded, if any: the dialog shows its progress with Hide and Cancel. */
  upload: FileUpload | null;
  /** An interrupted set to carry on: the dialog says how and takes its type and description. */
  resuming?: UploadFile | null;
  onStart: (request: SetUploadRequest) => void;
  onHide: () => void;
}

const isZip = (file: File) => file.name.toLowerCase().endsWith('.zip');

/** Upload a file set: a zip, its type (BIA or CVR) and a description. */
export function UploadSetDialog({
  ownerName,
  upload,
  resuming = null,
  onStart,
  onHide,
}: UploadSetDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [fileType, setFileType] = useState(resuming?.file_type ?? 'BIA');
  const [description, setDescription] = useState(resuming?.description ?? '');
  const resumeSize = resuming ? resuming.file_size : null;
  const otherFile =
    resuming !== null &&
    file !== null &&
    (file.name !== resuming.file_name || file.size !== resumeSize);
  const state = useSyncExternalStore<{ status: RowStatus }>(
    upload?.subscribe ?? noSubscribe,
    upload?.getSnapshot ?? idleSnapshot,
  );
  const uploading = state.status === 'Uploading';
  const wrongType = file !== null && !isZip(file);

  return (
    <Dialog
      open
      onClose={onHide}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: 600 } } }}
    >
      <DialogTitle>Upload File Set for {ownerName}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {upload && state.status !== 'Ready' && <SetUploadProgress upload={upload} />}
          {resuming && !uploading && (
            <Alert severity="info" aria-label="How to resume">
              To resume {resuming.file_name}
              {resumeSize ? ` (${formatSize(resumeSize)})` : ''}, choose the same file again and
              press Upload: the parts already received are kept.
            </Alert>
          )}
          {/* The form stays (for the next set) so the dialog keeps its size and Upload its place. */}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <FilePickerButton
              label="Choose Zip File"
              disabled={uploading}
              accept=".zip,application/zip"
              onPick={([picked]) => setFile(picked ?? null)}
            />
            <Typography noWrap color={wrongType ? 'error' : 'textSecondary'}>
              {file ? file.name : 'No file chosen'}
            </Typography>
          </Stack>
          {otherFile && !wrongType && (
            <Typography variant="body2" color="warning">
              This is not {resuming?.file_name}: it uploads as a new set.
            </Typography>
          )}
          {wrongType && (
            <Typography variant="body2" color="error">
              {UPLOAD_MESSAGES.zipOnly}
            </Typography>
          )}
          <SetTypeField value={fileType} onChange={setFileType} />
          <TextField
            label="Description"
            multiline
            minRows={2}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onHide} color="inherit">
          Hide
        </Button>
        {uploading && (
          <Button color="error" variant="outlined" onClick={() => upload?.cancel()}>
            Cancel
          </Button>
        )}
        {/* Upload keeps its place: Cancel never turns into it under the pointer. */}
        <Button
          variant="contained"
          disabled={uploading || !file || wrongType}
          onClick={() => {
            if (!file) return;
            onStart({ file, file_type: fileType, description });
            // The set now carries the file: the form empties so a second click cannot send it again.
            setFile(null);
            setDescription('');
          }}
        >
          Upload
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const noSubscribe = () => () => undefined;
const IDLE = { status: 'Ready' } as const;
const idleSnapshot = () => IDLE;
