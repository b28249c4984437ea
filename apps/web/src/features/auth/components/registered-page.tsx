import { useState } from 'react';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { MESSAGES } from '@scrutineer/contracts';
import { AuthCard } from '../../../components/auth-card';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useResendVerification } from '../api/resend-verification';
import { AuthLinkRow } from './auth-link-row';
import { readRegisteredEmail } from './registered-state';

/** /session/registered: check your e-mail, with a resend button. */
export function RegisteredPage() {
  const location = useLocation();
  const notify = useNotify();
  const resend = useResendVerification();
  const knownEmail = readRegisteredEmail(location.state);
  const [email, setEmail] = useState(knownEmail);

  const resendLink = () =>
    resend.mutate(email, {
      onSuccess: () => notify.success(MESSAGES.verificationResent),
      onError: (error) => notify.error(errorMessage(error)),
    });

  return (
    <AuthCard title="Check your email">
      <Stack spacing={2.5}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <MarkEmailReadOutlined color="primary" sx={{ fontSize: 40 }} />
          <Box sx={{ color: 'text.secondary' }}>
            {MESSAGES.registered}
            {knownEmail && (
              <Box component="span" sx={{ display: 'block', mt: 1, color: 'text.primary' }}>
                We sent the link to <strong>{knownEmail}</strong>.
              </Box>
            )}
          </Box>
        </Box>
        {!knownEmail && (
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
        <Button
          variant="outlined"
          size="large"
          onClick={resendLink}
          disabled={resend.isPending || !email.trim()}
        >
          Resend verification email
        </Button>
        <AuthLinkRow text="Verified already?" to="/session/login" label="Sign in" />
      </Stack>
    </AuthCard>
  );
}
