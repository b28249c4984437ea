import { useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { districtPath, type District } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { todayEntryDate, toEntryDate } from '../../../lib/dates';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateDistrict, type DistrictInput } from '../api/create-district';
import { useUpdateDistrict } from '../api/update-district';
import { DeleteDistrictButton } from './delete-district-button';
import { DistrictConfirmDialog } from './district-confirm-dialog';
import { DEFAULT_COUNTRY, DEFAULT_STATE, districtFormSchema } from './district-forms';
import { DistrictPlaceFields } from './district-place-fields';

function initialValues(district?: District) {
  return {
    state_name: district?.state_name ?? DEFAULT_STATE,
    district_name: district?.district_name ?? '',
    address: district?.address ?? '',
    city: district?.city ?? '',
    statePostalCode: district?.statePostalCode ?? '',
    phoneNumber: district?.phoneNumber ?? '',
    email: district?.email ?? '',
    website: district?.website ?? '',
  };
}

/** District Properties: creates a district after confirming its path, or updates one. */
export function DistrictPropertiesForm({ district }: { district?: District }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const create = useCreateDistrict();
  const update = useUpdateDistrict(district?.id ?? 0);
  const form = useZodForm(districtFormSchema, initialValues(district));
  const [pending, setPending] = useState<DistrictInput | null>(null);
  const readOnly = district !== undefined && !district.can.update;
  const date = district ? toEntryDate(district.date) : todayEntryDate();
  // A refusal naming a field shows under it; any other in a toast.
  const onError = (error: unknown) => {
    const text = form.serverError(error);
    if (text) notify.error(text);
  };

  const submit = form.handleSubmit((fields) => {
    const body: DistrictInput = { ...fields, country: DEFAULT_COUNTRY, date };
    if (!district) return setPending(body);
    update.mutate(body, { onSuccess: (saved) => notify.success(saved.message), onError });
  });

  const confirmCreate = () => {
    if (!pending) return;
    create.mutate(pending, {
      onSuccess: (saved) => {
        notify.success(saved.message);
        void navigate(`/districts/${saved.id}`, { replace: true });
      },
      onError,
      onSettled: () => setPending(null),
    });
  };

  const text = (name: Parameters<typeof form.field>[0], label: string, required = false) => (
    <TextField label={label} required={required} disabled={readOnly} {...form.field(name)} />
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} sx={{ maxWidth: 640 }}>
      <DistrictPlaceFields
        state={form.values.state_name}
        district={form.values.district_name}
        locked={district !== undefined}
        districtError={form.errors.district_name}
        onStateChange={(state_name) =>
          form.setValues({ ...form.values, state_name, district_name: '' })
        }
        onDistrictChange={(district_name) => form.setValues({ ...form.values, district_name })}
      />
      {text('address', 'Address')}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {text('city', 'City')}
        {text('statePostalCode', 'State Postal Code')}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {text('phoneNumber', 'Phone Number')}
        {text('email', 'Email', true)}
      </Stack>
      {text('website', 'Website')}
      {!readOnly && (
        <Box sx={{ display: 'flex', gap: 1.5 }}>
          <Button type="submit" variant="contained" disabled={create.isPending || update.isPending}>
            {district ? 'Update' : 'Create'}
          </Button>
          {district?.can.delete && <DeleteDistrictButton district={district} />}
        </Box>
      )}
      <DistrictConfirmDialog
        open={pending !== null}
        date={date}
        path={districtPath(DEFAULT_COUNTRY, form.values.state_name, form.values.district_name)}
        pending={create.isPending}
        onConfirm={confirmCreate}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
}
