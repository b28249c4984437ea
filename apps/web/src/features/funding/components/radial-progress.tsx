import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { formatProgress } from '@scrutineer/contracts';

/** Received against goal as a ring; the label reads '> 100.00' past the goal. */
export function RadialProgress({ percent, size = 140 }: { percent: number; size?: number }) {
  return (
    <Box sx={{ position: 'relative', display: 'inline-flex' }}>
      <CircularProgress
        variant="determinate"
        value={100}
        size={size}
        thickness={5}
        sx={{ color: 'action.hover', position: 'absolute' }}
      />
      <CircularProgress
        variant="determinate"
        value={Math.min(percent, 100)}
        size={size}
        thickness={5}
        aria-label="Funding progress"
      />
      <Box
        sx={{
          inset: 0,
          position: 'absolute',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        <Typography variant="h6" component="span" data-testid="progress-label">
          {formatProgress(percent)}%
        </Typography>
      </Box>
    </Box>
  );
}
