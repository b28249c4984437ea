import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '../../../components/confirm-dialog';

interface ElectionConfirmDialogProps {
  open: boolean;
  date: string;
  path: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Shown before an election is created: its date and the path its files will live under. */
export function ElectionConfirmDialog({ date, path, ...props }: ElectionConfirmDialogProps) {
  return (
    <ConfirmDialog title="Please confirm Election properties" confirmLabel="Create" {...props}>
      <Stack spacing={1.5}>
        <Typography>
          <Typography component="span" color="textSecondary">
            Date:{' '}
          </Typography>
          {date}
        </Typography>
        <Typography sx={{ wordBreak: 'break-all' }}>
          <Typography component="span" color="textSecondary">
            Election path:{' '}
          </Typography>
          <strong data-testid="election-path">{path}</strong>
        </Typography>
      </Stack>
    </ConfirmDialog>
  );
}
