import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Rla } from '@scrutineer/contracts';
import { riskText } from './format';
import { formatDateTime } from '../../../lib/dates';

const STATUS: Record<Rla['status'], string> = {
  in_progress: 'In progress',
  risk_limit_met: 'Risk limit met',
  full_hand_count: 'Full hand count required',
};
export const rlaStatusText = (status: Rla['status']) => STATUS[status];

/** The audit's report: every round, and per contest the misstatements and measured risk. */
export function RlaReport({ rla }: { rla: Rla }) {
  const name = new Map(rla.contests.map((c) => [c.id, c.name]));
  return (
    <Box component="section" aria-label="Risk-limiting audit report">
      <Typography variant="h6">Risk-limiting audit report: {STATUS[rla.status]}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Risk limit {rla.risk_limit}%, seed {rla.seed}, {rla.ballots} ballots in the manifest,
        started by {rla.created_by} on {formatDateTime(rla.created_at)}.
      </Typography>
      <Table size="small" aria-label="Rounds">
        <TableHead>
          <TableRow>
            <TableCell>Round</TableCell>
            <TableCell>Draws</TableCell>
            <TableCell>Ballots</TableCell>
            <TableCell>Read</TableCell>
            <TableCell>Contest</TableCell>
            <TableCell>1-vote over / under</TableCell>
            <TableCell>2-vote over / under</TableCell>
            <TableCell>Measured risk</TableCell>
            <TableCell>Result</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rla.rounds.flatMap((round) => {
            const results = round.results ?? [];
            const head = (span: number) => [
              <TableCell key="n" rowSpan={span}>
                {round.number}
              </TableCell>,
              <TableCell key="d" rowSpan={span}>
                {round.draws_before + 1}–{round.draws_before + round.draws}
              </TableCell>,
              <TableCell key="b" rowSpan={span}>
                {round.ballots}
              </TableCell>,
              <TableCell key="r" rowSpan={span}>
                {round.read}
              </TableCell>,
            ];
            if (results.length === 0)
              return [
                <TableRow key={round.number}>
                  {head(1)}
                  <TableCell colSpan={5}>Being read</TableCell>
                </TableRow>,
              ];
            return results.map((r, i) => (
              <TableRow key={`${round.number}-${r.contest_id}`}>
                {i === 0 && head(results.length)}
                <TableCell>{name.get(r.contest_id) ?? r.contest_id}</TableCell>
                <TableCell>{rla.kind === 'polling' ? '—' : `${r.o1} / ${r.u1}`}</TableCell>
                <TableCell>{rla.kind === 'polling' ? '—' : `${r.o2} / ${r.u2}`}</TableCell>
                <TableCell>{riskText(r.risk)}</TableCell>
                <TableCell>
                  {r.risk_limit_met
                    ? 'Risk limit met'
                    : r.full_hand_count
                      ? 'Full hand count'
                      : `Needs ${r.stopping_size} draws`}
                </TableCell>
              </TableRow>
            ));
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
