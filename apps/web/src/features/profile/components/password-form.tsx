import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MESSAGES } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useZodForm } from '../../../lib/use-zod-form';
import { useChangePassword } from '../api/change-password';
import { passwordFormSchema } from './profile-forms';

const EMPTY = { current_password: '', new_password: '', confirm_password: '' };

/** Change the password, given the current one. */
export function PasswordForm({ email }: { email: string }) {
  const notify = useNotify();
  const change = useChangePassword();
  const form = useZodForm(passwordFormSchema, EMPTY);

  const submit = form.handleSubmit((values) =>
    change.mutate(
      {
        email,
        currentPassword: values.current_password,
        newPassword: values.new_password,
        confirmPassword: values.confirm_password,
      },
      {
        onSuccess: () => {
          notify.success(MESSAGES.passwordUpdated);
          form.reset();
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    ),
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} sx={{ maxWidth: 560 }}>
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        {...form.field('current_password')}
      />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        {...form.field('new_password')}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        {...form.field('confirm_password')}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={change.isPending}>
          Change Password
        </Button>
      </Box>
    </Stack>
  );
}
