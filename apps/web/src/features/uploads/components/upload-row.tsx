import { useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import PlaylistRemoveOutlined from '@mui/icons-material/PlaylistRemoveOutlined';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import { IconAction } from '../../../components/icon-action';
import type { FileUpload } from '../uploader/file-upload';
import { planParts } from '../uploader/part-plan';
import { formatSize, formatSpeed } from '../uploader/progress-format';
import { UploadStatusChip } from './upload-status-chip';
import { formatTime } from '../../../lib/dates';

const time = (ms: number | null) => formatTime(ms);

interface UploadRowProps {
  row: FileUpload;
  onUpload: (row: FileUpload) => void;
  onRemove: (row: FileUpload) => void;
}

/** One chosen file: progress bar, speed, start and completion time, status and its actions. */
export function UploadRow({ row, onUpload, onRemove }: UploadRowProps) {
  const state = useSyncExternalStore(row.subscribe, row.getSnapshot);
  const name = row.file.name;
  const uploading = state.status === 'Uploading';
  return (
    <Box
      role="listitem"
      aria-label={name}
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { border: 0 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography noWrap sx={{ fontWeight: 500 }} title={name}>
            {name}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {formatSize(state.bytesSent)} of {formatSize(row.file.size)} ·{' '}
            {formatSpeed(state.speedMbps)} · Started {time(state.startedAt)} · Completed{' '}
            {uploading ? 'N/A' : time(state.completedAt)}
            {state.resumedParts > 0 &&
              ` · ${state.resumedParts} of ${planParts(row.file.size).count} parts already received`}
          </Typography>
        </Box>
        <UploadStatusChip status={state.status} />
        {uploading && (
          <IconAction label={`Cancel ${name}`} onClick={() => row.cancel()}>
            <CloseOutlined fontSize="small" />
          </IconAction>
        )}
        {!uploading && state.status !== 'Success' && (
          <IconAction label={`Upload ${name}`} onClick={() => onUpload(row)}>
            <UploadOutlined fontSize="small" />
          </IconAction>
        )}
        {!uploading && (
          <IconAction label={`Remove ${name}`} color="error" onClick={() => onRemove(row)}>
            <PlaylistRemoveOutlined fontSize="small" />
          </IconAction>
        )}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
        <LinearProgress
          variant="determinate"
          value={state.percent}
          color={
            state.status === 'Failed' ? 'error' : state.status === 'Success' ? 'success' : 'primary'
          }
          aria-label={`${name} progress`}
          sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
        />
        <Typography variant="body2" sx={{ width: 44, textAlign: 'right' }}>
          {state.percent}%
        </Typography>
      </Box>
      {state.error && (
        <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
          {state.error}
        </Typography>
      )}
    </Box>
  );
}
