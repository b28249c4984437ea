import { useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  ELECTION_PRIVACY,
  ELECTION_TYPES,
  MESSAGES,
  electionPath,
  type District,
  type Election,
} from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { toEntryDate } from '../../../lib/dates';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateElection, type ElectionCreateInput } from '../api/create-election';
import { useUpdateElection } from '../api/update-election';
import { DeleteElectionDialog } from './delete-election-dialog';
import { ElectionConfirmDialog } from './election-confirm-dialog';
import { electionFormSchema } from './election-forms';
import { ElectionPlaceFields } from './election-place-fields';

interface ElectionPropertiesFormProps {
  election?: Election;
  initialDistrict: District | null;
  backTo: string;
}

/** Election Properties: a new election is confirmed with its path; later only name and description change. */
export function ElectionPropertiesForm({
  election,
  initialDistrict,
  backTo,
}: ElectionPropertiesFormProps) {
  const navigate = useNavigate();
  const notify = useNotify();
  const create = useCreateElection();
  const update = useUpdateElection(election?.id ?? 0);
  const [district, setDistrict] = useState(initialDistrict);
  const [districtError, setDistrictError] = useState<string>();
  const [pending, setPending] = useState<ElectionCreateInput | null>(null);
  const [deleting, setDeleting] = useState(false);
  const form = useZodForm(electionFormSchema, {
    name: election?.name ?? '',
    e_type: election?.e_type ?? 'General',
    privacy: election?.privacy ?? 'Public',
    date: election ? toEntryDate(election.date) : '',
    description: election?.description ?? '',
  });
  const readOnly = election !== undefined && !election.can.update;
  const locked = election !== undefined;
  // A refusal naming a field shows under it; any other in a toast.
  const onError = (error: unknown) => {
    const text = form.serverError(error);
    if (text) notify.error(text);
  };

  const submit = form.handleSubmit((fields) => {
    if (election) {
      const body = { name: fields.name, description: fields.description };
      update.mutate(body, { onSuccess: (saved) => notify.success(saved.message), onError });
      return;
    }
    setDistrictError(district ? undefined : MESSAGES.required);
    if (district) setPending({ ...fields, districtId: district.id, project_ids: [] });
  });

  const confirmCreate = () => {
    if (!pending) return;
    create.mutate(pending, {
      onSuccess: (saved) => {
        notify.success(saved.message);
        void navigate(`/elections/${saved.id}`, { replace: true });
      },
      onError,
      onSettled: () => setPending(null),
    });
  };

  const path =
    pending && district
      ? electionPath({
          country: district.country,
          state: district.state_name,
          county: district.district_name,
          e_type: pending.e_type,
          date: pending.date,
        })
      : '';

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} sx={{ maxWidth: 640 }}>
      <TextField label="Name" required disabled={readOnly} {...form.field('name')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField select label="Type" disabled={locked} {...form.field('e_type')}>
          {ELECTION_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {type}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Privacy" disabled={locked} {...form.field('privacy')}>
          {ELECTION_PRIVACY.map((privacy) => (
            <MenuItem key={privacy} value={privacy}>
              {privacy}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <ElectionPlaceFields
        election={election}
        district={district}
        districtError={districtError}
        onDistrict={(next) => {
          setDistrict(next);
          if (next) setDistrictError(undefined);
        }}
      />
      <TextField
        label="Date"
        placeholder="MM-DD-YYYY"
        required
        disabled={locked}
        {...form.field('date')}
        helperText={form.errors.date ?? 'MM-DD-YYYY'}
      />
      <TextField
        label="Description"
        multiline
        minRows={3}
        disabled={readOnly}
        {...form.field('description')}
      />
      {!readOnly && (
        <Box sx={{ display: 'flex', gap: 1.5 }}>
          <Button type="submit" variant="contained" disabled={create.isPending || update.isPending}>
            {election ? 'Update' : 'Create'}
          </Button>
          {election?.can.delete && (
            <Button variant="outlined" color="error" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          )}
        </Box>
      )}
      <ElectionConfirmDialog
        open={pending !== null}
        date={form.values.date}
        path={path}
        pending={create.isPending}
        onConfirm={confirmCreate}
        onClose={() => setPending(null)}
      />
      <DeleteElectionDialog
        election={deleting && election ? election : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate(backTo, { replace: true })}
      />
    </Stack>
  );
}
