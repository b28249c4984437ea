import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Rla } from '@scrutineer/contracts';
import { EmptyTableRow } from '../../../components/empty-table-row';
import { useAuditBallots } from '../api/rla';
import { DISCREPANCY_KIND as KIND, votesText } from './format';
import { ImageComparison } from './image-comparison';

/** For the Auditor: each sampled ballot's record beside the board's reading, once read. */
export function AuditBallots({ rla }: { rla: Rla }) {
  const ballots = useAuditBallots(rla.job_id, true);
  const items = ballots.data?.items ?? [];
  const [comparing, setComparing] = useState<{ id: number; key: string } | null>(null);
  return (
    <Box component="section" aria-label="Sampled ballots">
      <Typography variant="h6">Sampled ballots</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        The record, and the image audit's reading of the ballot's image, are shown only once the
        board has entered its reading.
      </Typography>
      <Table size="small" aria-label="Sampled ballots">
        <TableHead>
          <TableRow>
            <TableCell>Ballot</TableCell>
            <TableCell>Round</TableCell>
            <TableCell>Drawn</TableCell>
            {rla.contests.map((c) => (
              <TableCell key={c.id}>{c.name}: record → reading</TableCell>
            ))}
            <TableCell>Image audit</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.length === 0 && (
            <EmptyTableRow colSpan={4 + rla.contests.length}>No ballots sampled yet.</EmptyTableRow>
          )}
          {items.map((b) => (
            <TableRow key={b.id}>
              <TableCell>
                {b.ballot_key}
                {b.cvr_id === null && b.read && ' (no record)'}
              </TableCell>
              <TableCell>{b.round}</TableCell>
              <TableCell>{b.times_sampled}×</TableCell>
              {rla.contests.map((c) => {
                const names = new Map(c.options.map((o) => [o.id, o.name]));
                if (!b.read)
                  return (
                    <TableCell key={c.id}>
                      {b.disagreement ? 'Readings differ' : 'Not read yet'}
                    </TableCell>
                  );
                const d = b.discrepancies?.[c.id] ?? 0;
                return (
                  <TableCell key={c.id}>
                    {b.cvr_votes ? votesText(b.cvr_votes[c.id], names) : 'No record'} →{' '}
                    {votesText(b.reading?.contests[c.id], names, b.reading?.not_found)}
                    {d !== 0 && (
                      <Chip
                        size="small"
                        color={d > 0 ? 'error' : 'info'}
                        label={KIND[String(d)] ?? `${d}`}
                        sx={{ ml: 1 }}
                      />
                    )}
                  </TableCell>
                );
              })}
              <TableCell>
                {b.read ? (
                  <Button
                    size="small"
                    variant="outlined"
                    aria-label={`Compare ${b.ballot_key} with its image`}
                    onClick={() => setComparing({ id: b.id, key: b.ballot_key })}
                  >
                    Compare with Image
                  </Button>
                ) : (
                  'After the reading'
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {comparing !== null && (
        <ImageComparison rla={rla} ballot={comparing} onClose={() => setComparing(null)} />
      )}
    </Box>
  );
}
