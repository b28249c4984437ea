import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTally, useTallyBallots } from '../api/adjudication';
import { optionNamesOf, readingIds, readingLabel, type OptionNames } from './labels';

type Source = 'cvr' | 'image' | 'adjudicated';
type Pick = {
  contest_id: string;
  option_id: string;
  source: Source;
  label: string;
  names: OptionNames;
};
const SOURCES: [Source, string][] = [
  ['cvr', 'CVR'],
  ['image', 'Images'],
  ['adjudicated', 'Adjudicated'],
];

function Ballots({
  jobId,
  pick,
  onClose,
  onOpen,
}: {
  jobId: number;
  pick: Pick;
  onClose: () => void;
  onOpen: (id: number) => void;
}) {
  const ballots = useTallyBallots(jobId, {
    contest_id: pick.contest_id,
    option_id: pick.option_id,
    source: pick.source,
  });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{pick.label}</DialogTitle>
      <DialogContent>
        {ballots.data && (
          <Typography variant="body2" sx={{ mb: 1 }}>
            {ballots.data.total} ballot{ballots.data.total === 1 ? '' : 's'}
            {ballots.data.total > ballots.data.items.length
              ? `; the first ${ballots.data.items.length} are listed`
              : ''}
          </Typography>
        )}
        <Table size="small" aria-label="Ballots behind the number">
          <TableHead>
            <TableRow>
              <TableCell>Ballot</TableCell>
              <TableCell>CVR</TableCell>
              <TableCell>Image</TableCell>
              <TableCell>Adjudicated</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(ballots.data?.items ?? []).map((b) => (
              <TableRow key={b.sheet_id}>
                <TableCell>
                  {b.adjudication_id ? (
                    <Link component="button" onClick={() => onOpen(b.adjudication_id ?? 0)}>
                      {b.sheet_id}
                    </Link>
                  ) : (
                    b.sheet_id
                  )}
                </TableCell>
                <TableCell title={readingIds(b.cvr_votes)}>
                  {readingLabel(b.cvr_votes, pick.names)}
                </TableCell>
                <TableCell title={readingIds(b.image_votes)}>
                  {readingLabel(b.image_votes, pick.names)}
                </TableCell>
                <TableCell title={readingIds(b.adjudicated_votes)}>
                  {readingLabel(b.adjudicated_votes, pick.names)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Totals per contest (records, images, adjudicated); each number opens the ballots behind it. */
export function TallyView({ jobId, onOpen }: { jobId: number; onOpen: (id: number) => void }) {
  const tally = useTally(jobId);
  const [pick, setPick] = useState<Pick | null>(null);
  if (tally.error) return <Alert severity="info">{tally.error.message}</Alert>;
  if (!tally.data) return <Typography>Loading the tally…</Typography>;
  const { contests, decided, undecided } = tally.data;
  return (
    <Box aria-label="Tally">
      <Alert severity={undecided ? 'warning' : 'success'} sx={{ mb: 2 }}>
        Adjudicated totals fold in {decided} decided item{decided === 1 ? '' : 's'}
        {undecided
          ? `; ${undecided} still await a decision and count as the image reads them.`
          : '.'}
      </Alert>
      {contests.map((contest) => (
        <Box key={contest.contest_id} component="section" sx={{ mb: 3 }}>
          <Typography variant="subtitle1" component="h3">
            {contest.contest}
          </Typography>
          <Table size="small" aria-label={`Tally of ${contest.contest}`}>
            <TableHead>
              <TableRow>
                <TableCell>Option</TableCell>
                {SOURCES.map(([, label]) => (
                  <TableCell key={label} align="right">
                    {label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {contest.options.map((o) => (
                <TableRow key={o.option_id}>
                  <TableCell title={`Option id ${o.option_id}`}>{o.option}</TableCell>
                  {SOURCES.map(([source, label]) => {
                    const n =
                      source === 'cvr'
                        ? o.cvr_votes
                        : source === 'image'
                          ? o.image_votes
                          : o.adjudicated_votes;
                    return (
                      <TableCell key={source} align="right">
                        <Link
                          component="button"
                          aria-label={`${label} ${o.option}: ${n}`}
                          onClick={() =>
                            setPick({
                              contest_id: contest.contest_id,
                              option_id: o.option_id,
                              source,
                              label: `${contest.contest}, ${o.option}: ${n} (${label})`,
                              names: optionNamesOf(contest.options),
                            })
                          }
                        >
                          {n}
                        </Link>
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ))}
      {pick && (
        <Ballots
          jobId={jobId}
          pick={pick}
          onClose={() => setPick(null)}
          onOpen={(id) => {
            setPick(null);
            onOpen(id);
          }}
        />
      )}
    </Box>
  );
}
