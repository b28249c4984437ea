import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { OPERATION_STATUSES } from '@scrutineer/contracts';
import { StatusChip } from '../../../components/status-chip';
import { STATUS_MEANINGS } from '../../../components/operation-status';

/** The order a stage passes through, with the words that mean built and up to date together. */
const SHOWN = [
  'unbuilt-notready',
  'unbuilt-ready',
  'RUNNING',
  'SUCCESS',
  'built',
  'built-new',
  'PROBLEMS',
  'STOPPED',
  'FAILURE',
] as const satisfies readonly (typeof OPERATION_STATUSES)[number][];

/** What the status words mean: SUCCESS and built name one state, said once here. */
export function StatusLegend() {
  return (
    <Box component="details" aria-label="Status words" sx={{ mt: 1 }}>
      <Typography
        component="summary"
        variant="body2"
        color="textSecondary"
        sx={{ cursor: 'pointer' }}
      >
        What the status words mean. SUCCESS and built are the same state: built and up to date.
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1, m: 1 }}>
        {SHOWN.map((status) => (
          <Box key={status} sx={{ display: 'contents' }}>
            <Box component="dt">
              <StatusChip status={status} />
            </Box>
            <Typography component="dd" variant="body2" sx={{ m: 0, alignSelf: 'center' }}>
              {STATUS_MEANINGS[status]}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
