import Chip from '@mui/material/Chip';
import { directUploadStatusColor, uploadSetStatusColor } from '@scrutineer/contracts';

const MUI_COLOR = { green: 'success', red: 'error', orange: 'warning', blue: 'info' } as const;

interface UploadStatusChipProps {
  status: string;
  /** File sets colour by their own rule: Uploaded and Adopted green, Aborted orange, else blue. */
  kind?: 'set' | 'file';
}

/** A status in the spec's colours; direct uploads and upload rows: Success green, Failed red. */
export function UploadStatusChip({ status, kind = 'file' }: UploadStatusChipProps) {
  const color = kind === 'set' ? uploadSetStatusColor(status) : directUploadStatusColor(status);
  return <Chip label={status} size="small" color={MUI_COLOR[color]} variant="outlined" />;
}
