import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Contact } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSaveContact } from '../api/save-contact';
import { contactFormSchema } from './district-forms';

interface ContactDialogProps {
  districtId: number;
  contact: Contact | null;
  onClose: () => void;
}

const FIELDS = [
  ['name', 'Contact Name', true],
  ['title', 'Title', true],
  ['email', 'Email', true],
  ['address', 'Address', false],
  ['city', 'City', false],
  ['state_zipcode', 'State Postal Code', false],
  ['phone_number', 'Phone Number', false],
  ['website', 'Website', false],
] as const;

/** Add Contact Information or Edit Contact Information; mount it open, with a key per contact. */
export function ContactDialog({ districtId, contact, onClose }: ContactDialogProps) {
  const notify = useNotify();
  const save = useSaveContact(districtId);
  const form = useZodForm(contactFormSchema, {
    name: contact?.name ?? '',
    title: contact?.title ?? '',
    email: contact?.email ?? '',
    address: contact?.address ?? '',
    city: contact?.city ?? '',
    state_zipcode: contact?.state_zipcode ?? '',
    phone_number: contact?.phone_number ?? '',
    website: contact?.website ?? '',
  });

  const submit = form.handleSubmit((fields) =>
    save.mutate(
      { ...fields, id: contact?.id },
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
      slotProps={{ paper: { sx: { maxWidth: 600 } } }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle>
          {contact ? 'Edit Contact Information' : 'Add Contact Information'}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {FIELDS.map(([name, label, required]) => (
              <TextField key={name} label={label} required={required} {...form.field(name)} />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {contact ? 'Update' : 'Save'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
