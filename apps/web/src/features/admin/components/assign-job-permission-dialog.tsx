import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { JOB_PERMISSION_MESSAGES, type JobPermissionRequest } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useAnswerJobPermission, type JobPermissionAnswer } from '../api/job-permission-requests';

/** The answers the dialog starts from: what was granted before, else nothing checked. */
function initialAnswers(request: JobPermissionRequest): JobPermissionAnswer[] {
  return request.jobs.map((job) => {
    const before = request.job_permission.find((answer) => answer.job_id === job.id);
    return {
      job_id: job.id,
      accept_permission: before?.accept_permission ?? false,
      permission: before?.permission ?? false,
    };
  });
}

/**
 * Assign Job Permission: per requested job, Accept grants pages 1–1000 of page 1 (the
 * Authorized-All range) and Full Range the whole job; at least one box must be checked.
 */
export function AssignJobPermissionDialog({
  request,
  onClose,
}: {
  request: JobPermissionRequest;
  onClose: () => void;
}) {
  const notify = useNotify();
  const answer = useAnswerJobPermission(request.id);
  const [answers, setAnswers] = useState(() => initialAnswers(request));
  const [problem, setProblem] = useState<string | null>(null);
  const name = (jobId: number) => request.jobs.find((job) => job.id === jobId)?.name ?? '';

  const toggle = (jobId: number, key: 'accept_permission' | 'permission', checked: boolean) => {
    setProblem(null);
    setAnswers((rows) =>
      rows.map((row) => (row.job_id === jobId ? { ...row, [key]: checked } : row)),
    );
  };

  function submit() {
    if (!answers.some((row) => row.accept_permission || row.permission)) {
      setProblem(JOB_PERMISSION_MESSAGES.checkOne);
      notify.error(JOB_PERMISSION_MESSAGES.checkOne);
      return;
    }
    answer.mutate(answers, {
      onSuccess: (saved) => {
        notify.success(saved.message);
        onClose();
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Assign Job Permission</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>
          {request.user.first_name} {request.user.last_name} ({request.user.email}) asks for these
          jobs.
        </Typography>
        {problem && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {problem}
          </Alert>
        )}
        <Table size="small" aria-label="Requested jobs">
          <TableHead>
            <TableRow>
              <TableCell>Job</TableCell>
              <TableCell align="center">Accept (pages 1–1000)</TableCell>
              <TableCell align="center">Full Range</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {answers.map((row) => (
              <TableRow key={row.job_id}>
                <TableCell>{name(row.job_id)}</TableCell>
                <TableCell align="center">
                  <Checkbox
                    checked={row.accept_permission}
                    onChange={(event) =>
                      toggle(row.job_id, 'accept_permission', event.target.checked)
                    }
                    slotProps={{ input: { 'aria-label': `Accept ${name(row.job_id)}` } }}
                  />
                </TableCell>
                <TableCell align="center">
                  <Checkbox
                    checked={row.permission}
                    onChange={(event) => toggle(row.job_id, 'permission', event.target.checked)}
                    slotProps={{ input: { 'aria-label': `Full range of ${name(row.job_id)}` } }}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={answer.isPending}>
          Update
        </Button>
      </DialogActions>
    </Dialog>
  );
}
