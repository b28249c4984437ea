import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MESSAGES } from '@scrutineer/contracts';
import { AuthCard } from '../../../components/auth-card';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { safeRedirect } from '../../../lib/safe-redirect';
import { useZodForm } from '../../../lib/use-zod-form';
import { useResendVerification } from '../api/resend-verification';
import { useSignIn } from '../api/sign-in';
import { AuthLinkRow } from './auth-link-row';
import { loginFormSchema } from './auth-forms';

/** /session/login: after sign-in, back to the `redirect` path or /home. */
export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const signIn = useSignIn();
  const resend = useResendVerification();
  const [unverified, setUnverified] = useState(false);
  const form = useZodForm(loginFormSchema, { email: '', password: '' });

  const submit = form.handleSubmit((credentials) => {
    setUnverified(false);
    signIn.mutate(credentials, {
      onSuccess: () => {
        notify.success(MESSAGES.signedIn);
        void navigate(safeRedirect(params.get('redirect')) ?? '/home', { replace: true });
      },
      onError: (error) => {
        // An unverified address gets an inline notice with a resend action instead of a toast.
        if (error.message === MESSAGES.emailNotVerified) setUnverified(true);
        else notify.error(errorMessage(error));
      },
    });
  });

  const resendLink = () =>
    resend.mutate(form.values.email, {
      onSuccess: () => notify.success(MESSAGES.verificationResent),
      onError: (error) => notify.error(errorMessage(error)),
    });

  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in to continue your audits.">
      <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
        {unverified && (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" onClick={resendLink} disabled={resend.isPending}>
                Resend
              </Button>
            }
          >
            {MESSAGES.emailNotVerified}
          </Alert>
        )}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          {...form.field('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: '8px !important' }}>
          <Link
            component={RouterLink}
            to="/session/reset-password"
            variant="body2"
            underline="hover"
          >
            Forgot password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign In'}
        </Button>
        <AuthLinkRow text="New to Scrutineer?" to="/session/signup" label="Create an account" />
      </Stack>
    </AuthCard>
  );
}
