import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ApiError } from '../../../lib/api-error';

/** The page an expired, unknown or broken upload link shows instead of the uploader. */
export function LinkProblem({ error }: { error: unknown }) {
  const expired = error instanceof ApiError && error.status === 403;
  const invalid = error === null || (error instanceof ApiError && error.status === 404);
  const title = expired
    ? 'This upload link has expired'
    : invalid
      ? 'This upload link is not valid'
      : 'The link could not be checked';
  const advice = expired
    ? 'Ask the person who sent it for a new link.'
    : invalid
      ? 'Check that the whole address was copied, or ask the person who sent it for a new link.'
      : 'Please try again in a moment.';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Alert severity={expired ? 'warning' : 'error'}>
        <AlertTitle>
          {error instanceof Error ? error.message : 'This upload link is not valid.'}
        </AlertTitle>
        {advice}
      </Alert>
    </Paper>
  );
}
