import { useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { FileUpload } from '../uploader/file-upload';
import { planParts } from '../uploader/part-plan';
import { formatSpeed } from '../uploader/progress-format';
import { UploadStatusChip } from './upload-status-chip';

/** A file set upload's name, percentage, speed and state. */
export function SetUploadProgress({ upload }: { upload: FileUpload }) {
  const state = useSyncExternalStore(upload.subscribe, upload.getSnapshot);
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography noWrap sx={{ flexGrow: 1, fontWeight: 500 }}>
          {upload.file.name}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {formatSpeed(state.speedMbps)}
        </Typography>
        <UploadStatusChip status={state.status} />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LinearProgress
          variant="determinate"
          value={state.percent}
          aria-label={`${upload.file.name} progress`}
          sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
        />
        <Typography variant="body2" sx={{ width: 44, textAlign: 'right' }}>
          {state.percent}%
        </Typography>
      </Box>
      {state.resumedParts > 0 && (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
          {`Resumed: ${state.resumedParts} of ${planParts(upload.file.size).count} parts already received`}
        </Typography>
      )}
      {state.error && (
        <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
          {state.error}
        </Typography>
      )}
    </Box>
  );
}
