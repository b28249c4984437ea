import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  adminUpdateUserBodySchema,
  APP_ROLES,
  type AdminUser,
  type AppRole,
} from '@scrutineer/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useUsStates } from '../../../lib/reference/get-us-states';
import { useUpdateUser } from '../api/update-user';

/** Update User Data: role, zip code, country and state; the rest is read-only. */
export function EditUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const notify = useNotify();
  const save = useUpdateUser(user.id);
  const states = useUsStates();
  const [role, setRole] = useState<AppRole>(user.role);
  const [zip, setZip] = useState(user.zip_code);
  const [country, setCountry] = useState(user.country || 'US');
  const [state, setState] = useState(user.state || 'CA');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirmClose, setConfirmClose] = useState(false);
  const dirty =
    role !== user.role || zip !== user.zip_code || country !== user.country || state !== user.state;
  const isUs = country.toUpperCase() === 'US';

  function submit() {
    const parsed = adminUpdateUserBodySchema.safeParse({ role, zip_code: zip, country, state });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        notify.success(saved.message);
        onClose();
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  }

  const readOnly = (label: string, value: string) => (
    <TextField label={label} value={value} slotProps={{ input: { readOnly: true } }} disabled />
  );

  return (
    <Dialog
      open
      onClose={() => (dirty ? setConfirmClose(true) : onClose())}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle>Update User Data</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {readOnly('First Name', user.first_name)}
            {readOnly('Last Name', user.last_name)}
          </Stack>
          {readOnly('Email', user.email)}
          {readOnly('Phone Number', user.phone_number)}
          <TextField
            select
            label="Role"
            value={role}
            onChange={(event) => setRole(event.target.value as AppRole)}
            error={Boolean(errors.role)}
            helperText={errors.role}
          >
            {APP_ROLES.map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Country"
            value={country}
            onChange={(event) => {
              setCountry(event.target.value.toUpperCase());
              setState('');
            }}
            error={Boolean(errors.country)}
            helperText={errors.country ?? 'Two-letter country code, such as US or DE.'}
            slotProps={{ htmlInput: { maxLength: 2 } }}
          />
          {isUs ? (
            <Autocomplete
              options={states.data ?? []}
              getOptionLabel={(option) => `${option.name} (${option.code})`}
              value={states.data?.find((option) => option.code === state.toUpperCase()) ?? null}
              onChange={(_event, option) => setState(option?.code ?? '')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="State"
                  error={Boolean(errors.state)}
                  helperText={errors.state}
                />
              )}
            />
          ) : (
            <TextField
              label="State"
              value={state}
              onChange={(event) => setState(event.target.value)}
              error={Boolean(errors.state)}
              helperText={errors.state}
            />
          )}
          <TextField
            label="Zip Code"
            value={zip}
            onChange={(event) => setZip(event.target.value)}
            error={Boolean(errors.zip_code)}
            helperText={errors.zip_code}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={() => (dirty ? setConfirmClose(true) : onClose())}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          Update
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={confirmClose}
        title="Are you sure you want to close without Updating?"
        confirmLabel="Close"
        onConfirm={onClose}
        onClose={() => setConfirmClose(false)}
      />
    </Dialog>
  );
}
