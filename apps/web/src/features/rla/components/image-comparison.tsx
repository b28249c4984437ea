import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
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
import type { Rla, RlaImageContest } from '@scrutineer/contracts';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { errorMessage } from '../../../lib/api-error';
import { useBallotImage } from '../api/rla';
import { DISCREPANCY_KIND, votesText } from './format';

function imageText(c: RlaImageContest, names: Map<string, string>): string {
  if (c.image === null) return 'Not read by the image audit';
  const read = c.image_overvote
    ? `Overvote (${votesText(c.image_marks, names)}): no vote`
    : votesText(c.image, names);
  return c.image_gray.length ? `${read}; gray: ${votesText(c.image_gray, names)}` : read;
}

/**
 * For the Auditor, once the board has read a sampled ballot: per contest the board's reading of
 * the paper, the vote record and the image audit's reading of its image, with the contest's crop.
 */
export function ImageComparison({
  rla,
  ballot,
  onClose,
}: {
  rla: Rla;
  ballot: { id: number; key: string };
  onClose: () => void;
}) {
  const answer = useBallotImage(rla.job_id, ballot.id);
  const data = answer.data;
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth>
      <DialogTitle>Ballot {ballot.key}: the paper beside the image audit</DialogTitle>
      <DialogContent>
        {answer.isPending && <FullPageSpinner />}
        {answer.error && <Alert severity="error">{errorMessage(answer.error)}</Alert>}
        {data && (
          <Stack spacing={2}>
            {data.message && <Alert severity="warning">{data.message}</Alert>}
            {data.sheet_id && (
              <Typography variant="body2" color="text.secondary">
                Image sheet {data.sheet_id} ({data.sheet_class}
                {data.detail ? `: ${data.detail}` : ''}), {data.archive} {data.entry}
              </Typography>
            )}
            <Table size="small" aria-label="Readings side by side">
              <TableHead>
                <TableRow>
                  <TableCell>Contest</TableCell>
                  <TableCell>Audit board (paper)</TableCell>
                  <TableCell>Record</TableCell>
                  <TableCell>Image audit</TableCell>
                  <TableCell>Contest on the image</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.contests.map((c) => {
                  const names = new Map(
                    (rla.contests.find((x) => x.id === c.contest_id)?.options ?? []).map((o) => [
                      o.id,
                      o.name,
                    ]),
                  );
                  return (
                    <TableRow key={c.contest_id} aria-label={`Contest ${c.name}`}>
                      <TableCell>
                        <Typography variant="body2">{c.name}</Typography>
                        <Chip
                          size="small"
                          sx={{ mt: 0.5 }}
                          color={c.agree ? 'success' : 'warning'}
                          label={c.agreement}
                        />
                        {c.discrepancy !== 0 && (
                          <Chip
                            size="small"
                            sx={{ mt: 0.5 }}
                            color={c.discrepancy > 0 ? 'error' : 'info'}
                            label={DISCREPANCY_KIND[String(c.discrepancy)] ?? c.discrepancy}
                          />
                        )}
                      </TableCell>
                      <TableCell>
                        {c.board === null ? 'Ballot not found' : votesText(c.board, names)}
                      </TableCell>
                      <TableCell>
                        {c.record === null ? 'No record' : votesText(c.record, names)}
                      </TableCell>
                      <TableCell>
                        {imageText(c, names)}
                        {c.image_class && (
                          <Typography variant="caption" component="div" color="text.secondary">
                            Image against{' '}
                            {data.detail.startsWith('record ') ? data.detail : 'its record'}:{' '}
                            {c.image_class}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell>
                        {c.crop ? (
                          <Box
                            component="img"
                            src={c.crop}
                            alt={`${c.name} on ballot ${data.ballot_key}`}
                            sx={{ maxWidth: 420, border: 1, borderColor: 'divider' }}
                          />
                        ) : (
                          <Typography variant="body2" color="text.secondary">
                            No picture: {c.crop_note}
                          </Typography>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
