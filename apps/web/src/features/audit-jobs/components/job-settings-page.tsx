import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { JOB_FILE_MESSAGES, jobFileNameFor } from '@scrutineer/contracts';
import { BackButton } from '../../../components/back-button';
import { PageHeader } from '../../../components/page-header';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useArgSpecs, useJobFiles, useSaveSettings, useSettingsFile } from '../api/job-files';
import { useJob, useJobs } from '../api/jobs';
import { ArgumentField } from './argument-field';
import { dataTypeOf } from './settings-specs';
import {
  editableArgs,
  keyOf,
  missingRequired,
  settingsFromValues,
  valuesFromSettings,
  type FormValues,
} from './settings-values';

/** /job-settings/{jobId} and /job-settings/new (`?jobId=`): the job's settings as an editable table. */
export function JobSettingsPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const { id } = useParams();
  const [params] = useSearchParams();
  const [picked, setPicked] = useState<number | null>(Number(params.get('jobId')) || null);
  const jobId = id && id !== 'new' ? Number(id) : picked;
  const job = useJob(jobId);
  const jobs = useJobs({ page_size: 100 });
  const specs = useArgSpecs();
  const files = useJobFiles(jobId ?? 0, '', jobId !== null && Boolean(job.data?.can.files));
  const existing = files.data?.items.find((f) => !f.adopted && f.file_type === 'JOB');
  const stored = useSettingsFile(jobId ?? 0, existing?.file_name ?? null);
  const save = useSaveSettings(jobId ?? 0);
  const [values, setValues] = useState<FormValues>({});
  const [tried, setTried] = useState(false);

  useEffect(() => {
    if (specs.data) setValues(valuesFromSettings(specs.data.items, stored.data?.settings ?? {}));
  }, [specs.data, stored.data]);

  const back = () => void navigate(jobId ? `/audit-jobs/${jobId}` : '/audit-jobs');
  const submit = () => {
    if (!specs.data || !job.data) return;
    setTried(true);
    if (missingRequired(specs.data.items, values).length > 0) {
      notify.error(JOB_FILE_MESSAGES.requiredFields);
      return;
    }
    save.mutate(
      {
        update: existing !== undefined,
        file_name: existing?.file_name ?? jobFileNameFor(job.data.name),
        old_file_name: existing?.file_name,
        settings: settingsFromValues(specs.data.items, values),
      },
      {
        onSuccess: (answer) => notify.success(answer.message),
        onError: (e) => notify.error(errorMessage(e)),
      },
    );
  };

  return (
    <>
      <PageHeader
        title={existing ? 'Edit Job Settings' : 'Create Job Settings'}
        subtitle={
          job.data
            ? `${job.data.name} · ${existing?.file_name ?? jobFileNameFor(job.data.name)}`
            : undefined
        }
        actions={<BackButton to={jobId ? `/audit-jobs/${jobId}` : '/audit-jobs'} />}
      />
      {!id || id === 'new' ? (
        <TextField
          select
          label="Audit Job"
          size="small"
          value={picked ?? ''}
          sx={{ minWidth: 280, mb: 2 }}
          onChange={(event) => setPicked(Number(event.target.value) || null)}
        >
          {jobs.data?.items.map((j) => (
            <MenuItem key={j.id} value={j.id}>
              {j.name}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {job.error && <Alert severity="error">{errorMessage(job.error)}</Alert>}
      {job.data && !job.data.can.files && (
        <Alert severity="info">
          Only the Auditor or an Uploader of this job can change its settings.
        </Alert>
      )}
      {job.data?.can.files && specs.data && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Job settings">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600, width: '25%' }}>Argument</TableCell>
                <TableCell sx={{ fontWeight: 600, width: 110 }}>Data Type</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>Value</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {/* Groups whose arguments are all internal (nothing to edit) get no heading. */}
              {specs.data.items
                .filter((group) => editableArgs(group).length > 0)
                .flatMap((group) => [
                  <TableRow key={group.group}>
                    <TableCell colSpan={3} sx={{ bgcolor: 'action.hover', fontWeight: 600 }}>
                      {group.group_name || group.group}
                    </TableCell>
                  </TableRow>,
                  ...editableArgs(group).map((arg) => (
                    <TableRow key={keyOf(group.group, arg.argument)}>
                      <TableCell>
                        {arg.argument}
                        {arg.required === 'TRUE' ? ' *' : ''}
                      </TableCell>
                      <TableCell>{dataTypeOf(arg)}</TableCell>
                      <TableCell>
                        <ArgumentField
                          arg={arg}
                          label={arg.argument}
                          value={values[keyOf(group.group, arg.argument)] ?? ''}
                          showError={tried}
                          onChange={(value) =>
                            setValues((v) => ({ ...v, [keyOf(group.group, arg.argument)]: value }))
                          }
                        />
                      </TableCell>
                    </TableRow>
                  )),
                ])}
            </TableBody>
          </Table>
        </Paper>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, mt: 2 }}>
        <Button
          variant="contained"
          onClick={submit}
          disabled={!job.data?.can.files || save.isPending}
        >
          Save
        </Button>
        <Button variant="outlined" onClick={back}>
          Return
        </Button>
      </Box>
    </>
  );
}
