import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useJurisdictions } from '../../../lib/reference/get-jurisdictions';
import { useUsStates } from '../../../lib/reference/get-us-states';

interface DistrictPlaceFieldsProps {
  state: string;
  district: string;
  locked: boolean;
  districtError?: string;
  onStateChange: (state: string) => void;
  onDistrictChange: (district: string) => void;
}

/** Country (fixed to US), State and Districts (jurisdiction) selectors of a district. */
export function DistrictPlaceFields({
  state,
  district,
  locked,
  districtError,
  onStateChange,
  onDistrictChange,
}: DistrictPlaceFieldsProps) {
  const { data: states = [] } = useUsStates();
  const { data: jurisdictions = {} } = useJurisdictions();
  const options = jurisdictions[state] ?? [];

  return (
    <>
      <TextField label="Country" value="United States (US)" disabled />
      <TextField
        select
        label="State"
        id="field-state_name"
        value={states.length ? state : ''}
        disabled={locked}
        onChange={(event) => onStateChange(event.target.value)}
      >
        {states.map((item) => (
          <MenuItem key={item.code} value={item.code}>
            {item.name} ({item.code})
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        options={options}
        value={district || null}
        disabled={locked}
        onChange={(_event, value) => onDistrictChange(value ?? '')}
        renderInput={(params) => (
          <TextField
            {...params}
            id="field-district_name"
            label="Districts"
            required
            error={Boolean(districtError)}
            helperText={districtError}
          />
        )}
      />
    </>
  );
}
