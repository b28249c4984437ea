import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Rla } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { downloadRetrievalCsv, useRetrieval } from '../api/rla';

/** Each round's retrieval list: a CSV download and a printable list by batch and position. */
export function RetrievalLists({ rla }: { rla: Rla }) {
  const notify = useNotify();
  const [printing, setPrinting] = useState<number | null>(null);
  return (
    <Box component="section" aria-label="Retrieval lists">
      <Typography variant="h6">Retrieval lists</Typography>
      <Stack spacing={1} sx={{ mt: 1 }}>
        {rla.rounds.map((r) => (
          <Stack key={r.number} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography sx={{ minWidth: 220 }}>
              Round {r.number}: {r.ballots} ballots ({r.read} read)
            </Typography>
            <Button
              variant="outlined"
              onClick={() => {
                downloadRetrievalCsv(rla.job_id, r.number).catch((error: unknown) =>
                  notify.error(errorMessage(error)),
                );
              }}
            >
              Download CSV (round {r.number})
            </Button>
            <Button variant="outlined" onClick={() => setPrinting(r.number)}>
              Print List (round {r.number})
            </Button>
          </Stack>
        ))}
      </Stack>
      {printing !== null && (
        <PrintDialog jobId={rla.job_id} round={printing} onClose={() => setPrinting(null)} />
      )}
    </Box>
  );
}

function PrintDialog({
  jobId,
  round,
  onClose,
}: {
  jobId: number;
  round: number;
  onClose: () => void;
}) {
  const list = useRetrieval(jobId, round);
  return (
    <Dialog open onClose={onClose} fullScreen>
      <DialogTitle>Retrieval list, round {round}</DialogTitle>
      <DialogContent>
        <Table size="small" aria-label={`Retrieval list round ${round}`}>
          <TableHead>
            <TableRow>
              <TableCell>Audit Board</TableCell>
              <TableCell>Storage Location</TableCell>
              <TableCell>Scanner</TableCell>
              <TableCell>Batch</TableCell>
              <TableCell>Position</TableCell>
              <TableCell>Ballot</TableCell>
              <TableCell>Times Sampled</TableCell>
              <TableCell>Found</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(list.data?.items ?? []).map((r) => (
              <TableRow key={r.ballot_key}>
                <TableCell>{r.board}</TableCell>
                <TableCell>{r.location}</TableCell>
                <TableCell>{r.scanner}</TableCell>
                <TableCell>{r.batch}</TableCell>
                <TableCell>{r.position}</TableCell>
                <TableCell>{r.ballot_key}</TableCell>
                <TableCell>{r.times_sampled}</TableCell>
                <TableCell>☐</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions className="no-print">
        <Button onClick={() => window.print()}>Print</Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
