import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { LogTail } from './log-tail';
import { useLogTail } from '../lib/use-log-tail';
import { StatusChip } from './status-chip';

interface LogsDialogProps {
  title: string;
  status: string;
  /** Where the log is read; null before the stage has one. */
  url: string | null;
  /** 1.5 s in the staged view, 3 s in the older list (spec part 3 §9). */
  pollMs: number;
  onClose: () => void;
}

/** An operation or tool log, read-only: tailed while it runs and read once more when it ends. */
export function LogsDialog({ title, status, url, pollMs, onClose }: LogsDialogProps) {
  const log = useLogTail(url, status === 'RUNNING' ? pollMs : false);
  const { refetch } = log;
  // One more read when the stage leaves RUNNING, for the lines written as it ended.
  useEffect(() => {
    if (url !== null) void refetch();
  }, [status, url, refetch]);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-label={`Logs of ${title}`}>
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        {`Logs: ${title}`}
        <StatusChip status={status} />
      </DialogTitle>
      <DialogContent dividers>
        <LogTail
          label={`Log of ${title}`}
          text={log.data?.text}
          updatedAt={log.data?.at}
          loading={log.isPending && url !== null}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
