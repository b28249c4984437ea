import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@scrutineer/contracts';
import { AuthCard } from '../../../components/auth-card';
import { errorMessage } from '../../../lib/api-error';
import { useVerifyEmail } from '../api/verify-email';

/** /verify/:token: confirms the address from the mailed link. */
export function VerifyPage() {
  const { token = '' } = useParams();
  const verify = useVerifyEmail(token);

  return (
    <AuthCard title="Email verification">
      <Stack spacing={3}>
        {verify.isPending && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <CircularProgress size={24} aria-label="Verifying" />
            <Typography color="textSecondary">Verifying your email address…</Typography>
          </Stack>
        )}
        {verify.isSuccess && <Alert severity="success">{MESSAGES.emailVerified}</Alert>}
        {verify.isError && <Alert severity="error">{errorMessage(verify.error)}</Alert>}
        <Button component={RouterLink} to="/session/login" variant="contained" size="large">
          Go to login
        </Button>
      </Stack>
    </AuthCard>
  );
}
