import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { JOB_PERMISSION_MESSAGES } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useOpenJobs } from '../api/jobs';
import { useRequestJobPermission } from '../api/permissions';

/** The request-job-permission dialog: pick jobs, the Admin answers per job. */
export function RequestPermissionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notify = useNotify();
  const jobs = useOpenJobs(open);
  const request = useRequestJobPermission();
  const [chosen, setChosen] = useState<number[]>([]);
  const toggle = (id: number) =>
    setChosen((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  const send = () => {
    if (chosen.length === 0) {
      notify.error(JOB_PERMISSION_MESSAGES.selectJob);
      return;
    }
    request.mutate(chosen, {
      onSuccess: (answer) => {
        notify.success(answer.message);
        setChosen([]);
        onClose();
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Request Job Permission</DialogTitle>
      <DialogContent dividers>
        {jobs.error && <Alert severity="error">{errorMessage(jobs.error)}</Alert>}
        {jobs.data?.items.length === 0 && <Alert severity="info">No audit jobs to request.</Alert>}
        <List dense aria-label="Audit jobs">
          {jobs.data?.items.map((job) => (
            <ListItem key={job.id} disablePadding>
              <ListItemButton onClick={() => toggle(job.id)}>
                <ListItemIcon>
                  <Checkbox
                    edge="start"
                    checked={chosen.includes(job.id)}
                    tabIndex={-1}
                    slotProps={{ input: { 'aria-label': job.name } }}
                  />
                </ListItemIcon>
                <ListItemText
                  primary={job.name}
                  secondary={`${job.election.name} · ${job.election.county}, ${job.election.state}`}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button variant="contained" onClick={send} disabled={request.isPending}>
          Send Request
        </Button>
      </DialogActions>
    </Dialog>
  );
}
