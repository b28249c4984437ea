import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { District } from '@scrutineer/contracts';
import { useDistrictOptions } from '../api/list-district-options';

interface DistrictPickerProps {
  value: District | null;
  onChange: (district: District | null) => void;
  label?: string;
  size?: 'small' | 'medium';
  required?: boolean;
  error?: string;
  /** Offer only districts the caller may add elections to. */
  auditorOnly?: boolean;
  width?: number | string;
}

/** Picks a district by name, searching the server as the user types. */
export function DistrictPicker({
  value,
  onChange,
  label = 'District',
  size = 'medium',
  required = false,
  error,
  auditorOnly = false,
  width = '100%',
}: DistrictPickerProps) {
  const [search, setSearch] = useState('');
  const { data, isFetching } = useDistrictOptions(search);
  const items = data?.items ?? [];
  const options = auditorOnly ? items.filter((item) => item.role === 'Auditor') : items;

  return (
    <Autocomplete
      options={options}
      value={value}
      loading={isFetching}
      sx={{ width }}
      filterOptions={(list) => list}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      onChange={(_event, next) => onChange(next)}
      onInputChange={(_event, text, reason) => setSearch(reason === 'input' ? text : '')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          size={size}
          required={required}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
