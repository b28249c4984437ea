import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MESSAGES, type Profile } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { useZodForm } from '../../../lib/use-zod-form';
import { useUpdateProfile } from '../api/update-profile';
import { profileFormSchema } from './profile-forms';

/** Names, e-mail and phone of the signed-in user. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const notify = useNotify();
  const update = useUpdateProfile();
  const form = useZodForm(profileFormSchema, {
    first_name: profile.first_name,
    last_name: profile.last_name,
    email: profile.email,
    phone_number: profile.phone_number,
  });

  const submit = form.handleSubmit((fields) =>
    update.mutate(
      { ...fields, role: profile.role },
      {
        onSuccess: (saved) => {
          // A new address counts once confirmed from the link mailed to it: say so instead.
          if (saved.email.toLowerCase() === fields.email.trim().toLowerCase()) {
            notify.success(MESSAGES.profileUpdated);
            return;
          }
          notify.info(MESSAGES.emailChangePending);
          form.reset({ ...fields, email: saved.email });
        },
        onError: (error) => {
          const text = form.serverError(error);
          if (text) notify.error(text);
        },
      },
    ),
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} sx={{ maxWidth: 560 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="First Name" autoComplete="given-name" {...form.field('first_name')} />
        <TextField label="Last Name" autoComplete="family-name" {...form.field('last_name')} />
      </Stack>
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <TextField
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        {...form.field('phone_number')}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={update.isPending}>
          Update Profile
        </Button>
      </Box>
    </Stack>
  );
}
