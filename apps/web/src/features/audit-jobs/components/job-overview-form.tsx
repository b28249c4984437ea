import { useState, type SyntheticEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES, type AuditJob } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { useElectionOptions, useJobElection } from '../api/elections';
import { useCreateJob, useUpdateJob } from '../api/jobs';
import { formatDate } from '../../../lib/dates';

interface JobOverviewFormProps {
  job?: AuditJob;
  electionId: number | null;
  onElection: (id: number | null) => void;
}

/** The overview: election picker, name, description, Test Job when new, election summary. */
export function JobOverviewForm({ job, electionId, onElection }: JobOverviewFormProps) {
  const navigate = useNavigate();
  const notify = useNotify();
  const session = useSession();
  const elections = useElectionOptions();
  const summary = useJobElection(electionId);
  const create = useCreateJob();
  const update = useUpdateJob(job?.id ?? 0);
  const [name, setName] = useState(job?.name ?? '');
  const [description, setDescription] = useState(job?.description ?? '');
  const [isTest, setIsTest] = useState(false);
  const [tried, setTried] = useState(false);
  const readOnly = job !== undefined && !job.can.update;
  const saving = create.isPending || update.isPending;
  const canTest = Boolean(session?.test_job) || session?.role === 'Admin';
  const onError = (error: unknown) => notify.error(errorMessage(error));

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setTried(true);
    if (!name.trim() || (!job && !electionId)) return;
    if (job) {
      update.mutate(
        { name, description },
        { onSuccess: (saved) => notify.success(saved.message), onError },
      );
      return;
    }
    create.mutate(
      {
        name,
        description,
        election_id: electionId ?? 0,
        users: session ? [session.user_id] : [],
        lastUpdated: new Date().toISOString(),
        is_test: isTest ? 'True' : 'False',
      },
      {
        onSuccess: (saved) => {
          notify.success(saved.message);
          void navigate(`/audit-jobs/${saved.id}`, { replace: true });
        },
        onError,
      },
    );
  };

  const e = summary.data;
  const summaryRows: [string, string][] = e
    ? [
        ['Type', e.e_type],
        ['Privacy', e.privacy],
        ['Date', formatDate(e.date)],
        ['Country', e.country],
        ['State', e.state],
        ['County', e.county],
      ]
    : [];

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} sx={{ maxWidth: 640 }}>
      <TextField
        select
        label="Election"
        required
        disabled={job !== undefined}
        value={electionId ?? ''}
        error={tried && !electionId}
        helperText={tried && !electionId ? MESSAGES.required : undefined}
        onChange={(event) => onElection(Number(event.target.value) || null)}
      >
        {job && <MenuItem value={job.election_id}>{job.election.name}</MenuItem>}
        {elections.data?.items
          .filter((option) => option.id !== job?.election_id)
          .map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.name}
            </MenuItem>
          ))}
      </TextField>
      <TextField
        label="Job Name"
        required
        disabled={readOnly}
        value={name}
        error={tried && !name.trim()}
        helperText={tried && !name.trim() ? MESSAGES.required : undefined}
        onChange={(event) => setName(event.target.value)}
      />
      <TextField
        label="Description"
        multiline
        minRows={3}
        disabled={readOnly}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      {!job && canTest && (
        <FormControlLabel
          control={
            <Checkbox checked={isTest} onChange={(event) => setIsTest(event.target.checked)} />
          }
          label="Test Job"
        />
      )}
      {e && (
        <Box
          aria-label="Election summary"
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 1 }}>
            <Typography variant="subtitle2">{e.name}</Typography>
            <Link component={RouterLink} to={`/elections/${e.id}`}>
              {e.can.update ? 'Edit election' : 'View election'}
            </Link>
          </Box>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1 }}>
            {summaryRows.map(([label, value]) => (
              <Box key={label}>
                <Typography variant="caption" color="textSecondary">
                  {label}
                </Typography>
                <Typography variant="body2">{value}</Typography>
              </Box>
            ))}
          </Box>
        </Box>
      )}
      {!readOnly && (
        <Box>
          <Button type="submit" variant="contained" disabled={saving || !name.trim()}>
            {job ? 'Update' : 'Create'}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
