import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AuthCard } from '../../../components/auth-card';
import { useNotify } from '../../../components/notifications/use-notify';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSignUp } from '../api/sign-up';
import { AuthLinkRow } from './auth-link-row';
import { signUpFormSchema } from './auth-forms';
import type { RegisteredState } from './registered-state';

const EMPTY = {
  first_name: '',
  last_name: '',
  email: '',
  phone_number: '',
  password: '',
  confirm_password: '',
};

/** /session/signup: creates the account, then /session/registered asks to check the e-mail. */
export function SignupPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const signUp = useSignUp();
  const form = useZodForm(signUpFormSchema, EMPTY);

  const submit = form.handleSubmit(({ confirm_password: _confirm, ...fields }) => {
    signUp.mutate(fields, {
      onSuccess: () => {
        // An error from an earlier try would otherwise greet the user on the next page.
        notify.clear();
        const state: RegisteredState = { email: fields.email };
        void navigate('/session/registered', { state });
      },
      onError: (error) => {
        const text = form.serverError(error);
        if (text) notify.error(text);
      },
    });
  });

  return (
    <AuthCard title="Create your account" subtitle="Join citizen auditors checking elections.">
      <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="First Name"
            autoComplete="given-name"
            autoFocus
            {...form.field('first_name')}
          />
          <TextField label="Last Name" autoComplete="family-name" {...form.field('last_name')} />
        </Stack>
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <TextField
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          {...form.field('phone_number')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          {...form.field('password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          {...form.field('confirm_password')}
        />
        <Button type="submit" variant="contained" size="large" disabled={signUp.isPending}>
          {signUp.isPending ? 'Creating account…' : 'Sign Up'}
        </Button>
        <AuthLinkRow text="Already have an account?" to="/session/login" label="Sign in" />
      </Stack>
    </AuthCard>
  );
}
