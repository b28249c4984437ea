import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Rla, RlaBoardBallot } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useBoardBallots, useEnterReading } from '../api/rla';

/** A board member's list: each ballot to find and read, entered without seeing its record. */
export function BoardReadings({ rla }: { rla: Rla }) {
  const ballots = useBoardBallots(rla.job_id, true);
  const board = rla.boards.find((b) => b.id === rla.my_board);
  const open = (ballots.data?.items ?? []).filter((b) => !b.read);
  return (
    <Box component="section" aria-label="Audit board readings">
      <Typography variant="h6">
        {board?.name}: {open.length} ballot{open.length === 1 ? '' : 's'} to read
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Find each ballot by batch and position, and mark what the paper shows. Both members enter
        their reading; it counts once the two agree.
      </Typography>
      {ballots.error && <Alert severity="error">{errorMessage(ballots.error)}</Alert>}
      <Stack spacing={1}>
        {open.map((b) => (
          <ReadingCard key={b.id} rla={rla} ballot={b} />
        ))}
      </Stack>
    </Box>
  );
}

function ReadingCard({ rla, ballot }: { rla: Rla; ballot: RlaBoardBallot }) {
  const notify = useNotify();
  const enter = useEnterReading(rla.job_id);
  const [marks, setMarks] = useState<Record<string, string[]>>(ballot.my_entry?.contests ?? {});
  const [notFound, setNotFound] = useState(ballot.my_entry?.not_found ?? false);
  const toggle = (contest: string, option: string) =>
    setMarks((now) => {
      const chosen = now[contest] ?? [];
      return {
        ...now,
        [contest]: chosen.includes(option)
          ? chosen.filter((o) => o !== option)
          : [...chosen, option],
      };
    });
  const save = () =>
    enter.mutate(
      { ballotId: ballot.id, body: { not_found: notFound, contests: notFound ? {} : marks } },
      {
        onSuccess: () => notify.success('Reading saved'),
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={`Ballot ${ballot.ballot_key}`}>
      <Typography variant="subtitle1">
        Batch {ballot.batch}, position {ballot.position} (scanner {ballot.scanner}) ·{' '}
        {ballot.location || 'no storage location'}
      </Typography>
      {ballot.disagreement && (
        <Alert severity="warning" sx={{ my: 1 }}>
          The two readings differ: look at the ballot again together and enter it once more.
        </Alert>
      )}
      {ballot.my_entry && !ballot.disagreement && (
        <Typography variant="body2" color="text.secondary">
          Your reading is in; waiting for the other member.
        </Typography>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ my: 1 }}>
        {rla.contests.map((c) => (
          <Box key={c.id}>
            <FormLabel>
              {c.name} (vote for {c.vote_for})
            </FormLabel>
            <FormGroup>
              {c.options.map((o) => (
                <FormControlLabel
                  key={o.id}
                  disabled={notFound}
                  control={
                    <Checkbox
                      checked={(marks[c.id] ?? []).includes(o.id)}
                      onChange={() => toggle(c.id, o.id)}
                    />
                  }
                  label={o.name}
                />
              ))}
            </FormGroup>
          </Box>
        ))}
      </Stack>
      <FormControlLabel
        control={<Checkbox checked={notFound} onChange={(e) => setNotFound(e.target.checked)} />}
        label="Ballot not found"
      />
      <Button variant="contained" onClick={save} disabled={enter.isPending}>
        Save Reading
      </Button>
    </Paper>
  );
}
