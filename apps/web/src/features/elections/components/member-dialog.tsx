import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MEMBER_ROLES, type Member } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSaveMember } from '../api/save-member';
import { editMemberFormSchema, inviteFormSchema } from './election-forms';

interface MemberDialogProps {
  electionId: number;
  member: Member | null;
  onClose: () => void;
}

/** Invite User or Edit User; mount it open, with a key per member. */
export function MemberDialog({ electionId, member, onClose }: MemberDialogProps) {
  const notify = useNotify();
  const save = useSaveMember(electionId);
  const form = useZodForm(member ? editMemberFormSchema : inviteFormSchema, {
    first_name: member?.user.first_name ?? '',
    last_name: member?.user.last_name ?? '',
    email: member?.user.email ?? '',
    role: member?.role ?? 'Observer',
  });

  const submit = form.handleSubmit((fields) =>
    save.mutate(
      { ...fields, id: member?.id },
      {
        onSuccess: (saved) => {
          notify.success(saved.message);
          onClose();
        },
        onError: (error) => {
          const text = form.serverError(error);
          if (text) notify.error(text);
        },
      },
    ),
  );

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: 500 } } }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle>{member ? 'Edit User' : 'Invite User'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {!member && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField label="First Name" required {...form.field('first_name')} />
                <TextField label="Last Name" required {...form.field('last_name')} />
              </Stack>
            )}
            <TextField
              label="Email"
              type="email"
              required={!member}
              disabled={member !== null}
              {...form.field('email')}
            />
            <TextField select label="Role" {...form.field('role')}>
              {MEMBER_ROLES.map((role) => (
                <MenuItem key={role} value={role}>
                  {role}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {member ? 'Update' : 'Invite'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
