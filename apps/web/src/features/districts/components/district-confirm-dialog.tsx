import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '../../../components/confirm-dialog';

interface DistrictConfirmDialogProps {
  open: boolean;
  date: string;
  path: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Shown before a district is created: its date and the path its files will live under. */
export function DistrictConfirmDialog({ date, path, ...props }: DistrictConfirmDialogProps) {
  return (
    <ConfirmDialog title="Please confirm District properties" confirmLabel="Create" {...props}>
      <Stack spacing={1.5}>
        <Typography>
          <Typography component="span" color="textSecondary">
            Date:{' '}
          </Typography>
          {date}
        </Typography>
        <Typography sx={{ wordBreak: 'break-all' }}>
          <Typography component="span" color="textSecondary">
            District path:{' '}
          </Typography>
          <strong data-testid="district-path">{path}</strong>
        </Typography>
      </Stack>
    </ConfirmDialog>
  );
}
