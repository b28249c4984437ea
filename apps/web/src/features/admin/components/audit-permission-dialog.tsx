import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined';
import type { AdminUser, UserFlagsBody } from '@scrutineer/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useAllJobs, useAuditPermission, useSaveAuditPermission } from '../api/audit-permission';
import { PermissionRowEditor } from './permission-row-editor';
import {
  authorizeAll,
  disableAll,
  emptyRow,
  enableAll,
  rowFromSaved,
  rowsToSave,
  type PermissionRow,
} from './permission-rows';
import { FLAG_COLUMNS } from './user-columns';

type Flags = Required<Omit<UserFlagsBody, 'id'>>;

/** Audit Permission: the six flags and the per-job rows of one user (spec part 3 §4). */
export function AuditPermissionDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const notify = useNotify();
  const saved = useAuditPermission(user.id);
  const jobs = useAllJobs();
  const save = useSaveAuditPermission(user.id);
  const [rows, setRows] = useState<PermissionRow[] | null>(null);
  const [flags, setFlags] = useState<Flags | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmClose, setConfirmClose] = useState(false);
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    if (!saved.data || rows !== null) return;
    setRows(saved.data.audits.map(rowFromSaved));
    setFlags({
      run_adjudicator: saved.data.run_adjudicator,
      run_audit: saved.data.run_audit,
      run_targetmapper: saved.data.run_targetmapper,
      project_permission: saved.data.project_permission,
      test_job: saved.data.test_job,
      fullAuth: saved.data.fullAuth,
    });
  }, [saved.data, rows]);

  const edit = (next: PermissionRow[]) => {
    setRows(next);
    setDirty(true);
  };

  function persist(nextRows: PermissionRow[], closeAfter: boolean) {
    if (!flags) return;
    const permissions = rowsToSave(nextRows);
    if (typeof permissions === 'string') {
      setProblem(permissions);
      return;
    }
    setProblem(null);
    save.mutate(
      { permissions, flags },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          setDirty(false);
          if (closeAfter) onClose();
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  }

  const ready = rows !== null && flags !== null;
  const requestClose = () => (dirty ? setConfirmClose(true) : onClose());

  return (
    <Dialog open onClose={requestClose} fullWidth maxWidth="md">
      <DialogTitle>
        Audit Permission
        <Typography color="textSecondary" variant="body2">
          {user.first_name} {user.last_name} · {user.email}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {(saved.error ?? jobs.error) && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {errorMessage(saved.error ?? jobs.error)}
          </Alert>
        )}
        {ready && (
          <Stack spacing={2}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
              {FLAG_COLUMNS.map(([field, label]) => (
                <FormControlLabel
                  key={field}
                  label={label}
                  control={
                    <Checkbox
                      checked={flags[field]}
                      onChange={(event) => {
                        setFlags({ ...flags, [field]: event.target.checked });
                        setDirty(true);
                      }}
                    />
                  }
                />
              ))}
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <Button variant="outlined" size="small" onClick={() => edit(enableAll(rows))}>
                Enable-All
              </Button>
              <Button variant="outlined" size="small" onClick={() => edit(disableAll(rows))}>
                Disable-All
              </Button>
              <Button
                variant="outlined"
                size="small"
                disabled={!jobs.data?.length || save.isPending}
                onClick={() => {
                  const next = authorizeAll((jobs.data ?? []).map((job) => job.id));
                  setRows(next);
                  persist(next, false);
                }}
              >
                Authorized-All-Audits
              </Button>
              <Box sx={{ flexGrow: 1 }} />
              <Button
                size="small"
                startIcon={<AddCircleOutline />}
                onClick={() => edit([emptyRow(), ...rows])}
              >
                Add Job
              </Button>
            </Box>
            {problem && <Alert severity="error">{problem}</Alert>}
            {rows.length === 0 && (
              <Typography color="textSecondary">No per-job permissions yet.</Typography>
            )}
            {rows.map((row, index) => (
              <PermissionRowEditor
                key={row.key}
                row={row}
                index={index}
                jobs={jobs.data ?? []}
                onChange={(next) => edit(rows.map((item) => (item.key === row.key ? next : item)))}
                onRemove={() => edit(rows.filter((item) => item.key !== row.key))}
              />
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button color="inherit" onClick={requestClose}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={!ready || save.isPending}
          onClick={() => rows && persist(rows, true)}
        >
          Update
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={confirmClose}
        title="Are you sure you want to close without Updating?"
        confirmLabel="Close"
        onConfirm={onClose}
        onClose={() => setConfirmClose(false)}
      />
    </Dialog>
  );
}
