import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  JOB_FILE_LIMITS,
  JOB_FILE_MESSAGES,
  JOB_FILE_TYPES,
  JOB_FILE_TYPE_LABELS,
  isJobFileName,
  type JobFile,
  type JobFileType,
} from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useUploadJobFile } from '../api/job-files';

interface Chosen {
  file: File;
  type: JobFileType;
}

/** Job file upload: .csv, 5 MB, at most 4 files sent 4 at a time, one file of each type. */
export function UploadJobFilesDialog({
  jobId,
  files,
  open,
  onClose,
}: {
  jobId: number;
  files: JobFile[];
  open: boolean;
  onClose: () => void;
}) {
  const notify = useNotify();
  const upload = useUploadJobFile(jobId);
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [busy, setBusy] = useState(false);

  const pick = (list: FileList | null) => {
    const picked = Array.from(list ?? []);
    if (picked.length > JOB_FILE_LIMITS.maxFiles) return notify.error(JOB_FILE_MESSAGES.tooMany);
    for (const file of picked) {
      if (!file.name.toLowerCase().endsWith('.csv')) return notify.error(JOB_FILE_MESSAGES.csvOnly);
      if (file.size > JOB_FILE_LIMITS.maxBytes) return notify.error(JOB_FILE_MESSAGES.tooLarge);
    }
    setChosen(picked.map((file) => ({ file, type: isJobFileName(file.name) ? 'JOB' : 'EIF' })));
  };
  const close = () => {
    setChosen([]);
    onClose();
  };
  const send = async () => {
    const types = chosen.map((c) => c.type);
    const clash = types.some(
      (type, i) =>
        types.indexOf(type) !== i || files.some((f) => !f.adopted && f.file_type === type),
    );
    if (clash) return notify.error(JOB_FILE_MESSAGES.typeExists);
    setBusy(true);
    const results = await Promise.allSettled(
      chosen.map((c) => upload.mutateAsync({ file: c.file, fileType: c.type })),
    );
    setBusy(false);
    results.forEach((result, i) => {
      if (result.status === 'fulfilled') notify.success(`${chosen[i]?.file.name ?? ''} uploaded!`);
      else notify.error(errorMessage(result.reason));
    });
    if (results.every((r) => r.status === 'fulfilled')) close();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>Upload File</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Button variant="outlined" component="label" sx={{ alignSelf: 'flex-start' }}>
            Choose Files
            <input
              hidden
              multiple
              type="file"
              aria-label="Job files"
              accept={JOB_FILE_LIMITS.accept}
              onChange={(event) => pick(event.target.files)}
            />
          </Button>
          <Typography variant="body2" color="textSecondary">
            CSV files of at most {JOB_FILE_LIMITS.maxSizeMb} MB, up to {JOB_FILE_LIMITS.maxFiles} at
            once, one of each type.
          </Typography>
          {chosen.map((c, index) => (
            <Stack key={c.file.name} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Typography sx={{ flexGrow: 1 }} noWrap>
                {c.file.name}
              </Typography>
              <TextField
                select
                size="small"
                label="File Type"
                value={c.type}
                sx={{ minWidth: 220 }}
                onChange={(event) =>
                  setChosen((all) =>
                    all.map((x, i) =>
                      i === index ? { ...x, type: event.target.value as JobFileType } : x,
                    ),
                  )
                }
              >
                {JOB_FILE_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {type} {JOB_FILE_TYPE_LABELS[type]}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} color="inherit">
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={chosen.length === 0 || busy}
          onClick={() => void send()}
        >
          Upload
        </Button>
      </DialogActions>
    </Dialog>
  );
}
