import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MESSAGES } from '@scrutineer/contracts';
import { AuthCard } from '../../../components/auth-card';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSetNewPassword } from '../api/set-new-password';
import { newPasswordFormSchema } from './auth-forms';

/** /session/set-newpassword/:forgotkey/:userid: the page the reset e-mail links to. */
export function SetNewPasswordPage() {
  const { forgotkey = '', userid = '' } = useParams();
  const notify = useNotify();
  const setPassword = useSetNewPassword();
  const form = useZodForm(newPasswordFormSchema, { new_password: '', confirm_password: '' });

  const submit = form.handleSubmit((values) =>
    setPassword.mutate(
      {
        newPassword: values.new_password,
        confirmPassword: values.confirm_password,
        forgotKey: forgotkey,
        userId: userid,
      },
      { onError: (error) => notify.error(errorMessage(error)) },
    ),
  );

  if (setPassword.isSuccess) {
    return (
      <AuthCard title="Password changed">
        <Stack spacing={3}>
          <Alert severity="success">{MESSAGES.passwordChanged}</Alert>
          <Button component={RouterLink} to="/session/login" variant="contained" size="large">
            Go to login
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          autoFocus
          {...form.field('new_password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          {...form.field('confirm_password')}
        />
        <Button type="submit" variant="contained" size="large" disabled={setPassword.isPending}>
          Save New Password
        </Button>
      </Stack>
    </AuthCard>
  );
}
