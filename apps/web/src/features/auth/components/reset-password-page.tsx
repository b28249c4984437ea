import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MESSAGES } from '@scrutineer/contracts';
import { AuthCard } from '../../../components/auth-card';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useZodForm } from '../../../lib/use-zod-form';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthLinkRow } from './auth-link-row';
import { emailFormSchema } from './auth-forms';

/** /session/reset-password: mails a link to set a new password. */
export function ResetPasswordPage() {
  const notify = useNotify();
  const request = useRequestPasswordReset();
  const form = useZodForm(emailFormSchema, { email: '' });

  const submit = form.handleSubmit(({ email }) =>
    request.mutate(email, { onError: (error) => notify.error(errorMessage(error)) }),
  );

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the email of your account and we will send you a link to choose a new password."
    >
      <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
        {request.isSuccess && <Alert severity="success">{MESSAGES.resetRequested}</Alert>}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          {...form.field('email')}
        />
        <Button type="submit" variant="contained" size="large" disabled={request.isPending}>
          Send Reset Link
        </Button>
        <AuthLinkRow text="Remembered it?" to="/session/login" label="Back to login" />
      </Stack>
    </AuthCard>
  );
}
