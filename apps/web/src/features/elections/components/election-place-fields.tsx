import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { District, Election } from '@scrutineer/contracts';
import { DistrictPicker } from './district-picker';

interface ElectionPlaceFieldsProps {
  election?: Election;
  district: District | null;
  onDistrict: (district: District | null) => void;
  districtError?: string;
}

/**
 * Country, state and district of an election. A new election takes them from the district
 * picked; an existing one shows them locked.
 */
export function ElectionPlaceFields({
  election,
  district,
  onDistrict,
  districtError,
}: ElectionPlaceFieldsProps) {
  const country = election?.country ?? district?.country ?? 'US';
  const state = election?.state ?? district?.state_name ?? '';
  return (
    <>
      {election ? (
        <TextField label="District" value={election.county} disabled />
      ) : (
        <DistrictPicker
          value={district}
          onChange={onDistrict}
          required
          error={districtError}
          auditorOnly
        />
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="Country" value={country} disabled />
        <TextField label="State" value={state} disabled />
      </Stack>
    </>
  );
}
