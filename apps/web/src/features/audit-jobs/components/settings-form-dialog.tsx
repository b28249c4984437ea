import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  JOB_FILE_MESSAGES,
  jobFileNameFor,
  type AuditJob,
  type JobFile,
} from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useArgSpecs, useSaveSettings } from '../api/job-files';
import { ArgumentField } from './argument-field';
import {
  editableArgs,
  keyOf,
  missingRequired,
  settingsFromValues,
  valuesFromSettings,
  type FormValues,
} from './settings-values';

/** Create Job File: the audit settings form, written as JOB_{jobname}.csv. */
export function SettingsFormDialog({
  job,
  files,
  open,
  onClose,
}: {
  job: AuditJob;
  files: JobFile[];
  open: boolean;
  onClose: () => void;
}) {
  const notify = useNotify();
  const specs = useArgSpecs();
  const save = useSaveSettings(job.id);
  const [values, setValues] = useState<FormValues>({});
  const [tried, setTried] = useState(false);

  // The form starts from what the job already has: its election and adopted files.
  useEffect(() => {
    if (!open || !specs.data) return;
    const adopted = (type: string) =>
      files.filter((f) => f.adopted && f.file_type === type).map((f) => f.file_name);
    setValues(
      valuesFromSettings(specs.data.items, {
        bia_specs: [
          { argument: 'election_name', value: job.election.name },
          ...adopted('BIA').map((value) => ({ argument: 'source', value })),
        ],
        cvr_specs: adopted('CVR').map((value) => ({ argument: 'cvr', value })),
        style_specs: adopted('BSM').map((value) => ({ argument: 'style_masters', value })),
      }),
    );
    setTried(false);
  }, [open, specs.data, files, job.election.name]);

  const submit = () => {
    if (!specs.data) return;
    setTried(true);
    if (missingRequired(specs.data.items, values).length > 0) {
      notify.error(JOB_FILE_MESSAGES.requiredFields);
      return;
    }
    if (files.some((f) => !f.adopted && f.file_type === 'JOB')) {
      notify.error(JOB_FILE_MESSAGES.jobFileExists);
      return;
    }
    save.mutate(
      {
        update: false,
        file_name: jobFileNameFor(job.name),
        settings: settingsFromValues(specs.data.items, values),
      },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          onClose();
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>Audit Settings · {jobFileNameFor(job.name)}</DialogTitle>
      <DialogContent dividers>
        {specs.data?.items.map((group) => {
          const args = editableArgs(group);
          if (args.length === 0) return null;
          return (
            <Box key={group.group} component="section" aria-label={group.group} sx={{ mb: 3 }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                {group.group_name || group.group}
              </Typography>
              <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
                {group.help}
              </Typography>
              <Stack spacing={2}>
                {args.map((arg) => (
                  <ArgumentField
                    key={arg.argument}
                    arg={arg}
                    value={values[keyOf(group.group, arg.argument)] ?? ''}
                    showError={tried}
                    onChange={(value) =>
                      setValues((v) => ({ ...v, [keyOf(group.group, arg.argument)]: value }))
                    }
                  />
                ))}
              </Stack>
            </Box>
          );
        })}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending || !specs.data}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
