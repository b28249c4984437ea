import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  RLA_METHOD,
  RLA_POLLING_METHOD,
  RLA_SEED_MIN_LENGTH,
  type AuditJob,
  type RlaMethodKind,
} from '@scrutineer/contracts';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useRlaCandidates, useStartRla } from '../api/rla';
import { percent } from './format';

/** The Auditor chooses contests, risk limit, public seed and one audit board of two. */
export function StartRlaForm({ job }: { job: AuditJob }) {
  const notify = useNotify();
  const candidates = useRlaCandidates(job.id, true);
  const start = useStartRla(job.id);
  const [contests, setContests] = useState<string[]>([]);
  const [riskLimit, setRiskLimit] = useState('10');
  const [seed, setSeed] = useState('');
  const [boardName, setBoardName] = useState('Audit Board 1');
  const [members, setMembers] = useState<[string, string]>(['', '']);
  const [method, setMethod] = useState<RlaMethodKind>('comparison');

  if (candidates.isPending) return <FullPageSpinner />;
  if (candidates.error)
    return (
      <Alert severity="warning">
        A risk-limiting audit needs the job&apos;s CVR and a ballot manifest (a job file of type
        BMF): {errorMessage(candidates.error)}
      </Alert>
    );
  const data = candidates.data;
  const toggle = (id: string) =>
    setContests((now) => (now.includes(id) ? now.filter((c) => c !== id) : [...now, id]));
  const submit = () =>
    start.mutate(
      {
        contest_ids: contests,
        risk_limit: Number(riskLimit),
        seed,
        boards: [{ name: boardName, member_ids: members.map(Number) }],
        method,
      },
      {
        onSuccess: () => notify.success('Risk-limiting audit started'),
        onError: (error) => notify.error(errorMessage(error)),
      },
    );

  return (
    <Stack
      spacing={2}
      sx={{ maxWidth: 720 }}
      component="form"
      aria-label="Start a risk-limiting audit"
    >
      <Typography variant="h6">Start a risk-limiting audit</Typography>
      <Typography variant="body2" color="text.secondary">
        {method === 'polling' ? RLA_POLLING_METHOD.name : `${RLA_METHOD.name} ${RLA_METHOD.gamma}`};{' '}
        {RLA_METHOD.sampler}. CVR {data.cvr_file}, ballot manifest {data.manifest_file} (
        {data.ballots} ballots).
      </Typography>
      <TextField
        select
        label="Audit method"
        value={method}
        onChange={(e) => setMethod(e.target.value as RlaMethodKind)}
        helperText={
          method === 'polling'
            ? 'Boards read sampled ballots; the reported tallies are tested without the records.'
            : 'Boards read sampled ballots; each reading is compared with its record.'
        }
      >
        <MenuItem value="comparison">Ballot comparison (Kaplan–Markov)</MenuItem>
        <MenuItem value="polling">Ballot polling (BRAVO)</MenuItem>
      </TextField>
      <Box>
        <FormLabel>Contests</FormLabel>
        <FormGroup>
          {data.contests.map((c) => (
            <FormControlLabel
              key={c.id}
              control={<Checkbox checked={contests.includes(c.id)} onChange={() => toggle(c.id)} />}
              label={`${c.name} (vote for ${c.vote_for}): ${c.winners.join(', ')}; margin ${c.margin_votes} votes, diluted ${percent(c.diluted_margin)}`}
            />
          ))}
        </FormGroup>
      </Box>
      <TextField
        label="Risk limit (%)"
        type="number"
        value={riskLimit}
        onChange={(e) => setRiskLimit(e.target.value)}
        slotProps={{ htmlInput: { min: 1, max: 20 } }}
      />
      <TextField
        label="Random seed"
        value={seed}
        onChange={(e) => setSeed(e.target.value)}
        helperText={`At least ${RLA_SEED_MIN_LENGTH} characters, drawn in public (e.g. dice rolls); anyone can re-run the sample from it.`}
      />
      <TextField
        label="Audit board name"
        value={boardName}
        onChange={(e) => setBoardName(e.target.value)}
      />
      {[0, 1].map((i) => (
        <TextField
          key={i}
          select
          label={`Board member ${i + 1}`}
          value={members[i]}
          onChange={(e) =>
            setMembers((now) => (i === 0 ? [e.target.value, now[1]] : [now[0], e.target.value]))
          }
        >
          {data.people.map((p) => (
            <MenuItem key={p.id} value={String(p.id)}>
              {p.name} ({p.email})
            </MenuItem>
          ))}
        </TextField>
      ))}
      <Box>
        <Button
          variant="contained"
          onClick={submit}
          disabled={start.isPending || contests.length === 0 || !members[0] || !members[1]}
        >
          Start Audit
        </Button>
      </Box>
    </Stack>
  );
}
