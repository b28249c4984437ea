import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { ChatUser } from '@scrutineer/contracts';
import { personName } from './chat-format';

interface PeoplePickerProps {
  label: string;
  options: ChatUser[];
  value: ChatUser[];
  loading?: boolean;
  error?: string | undefined;
  onChange: (value: ChatUser[]) => void;
}

/** Chooses several people by name or e-mail. */
export function PeoplePicker({
  label,
  options,
  value,
  loading,
  error,
  onChange,
}: PeoplePickerProps) {
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      loading={loading ?? false}
      onChange={(_event, chosen) => onChange(chosen)}
      getOptionLabel={(person) => `${personName(person)} (${person.email})`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderInput={(params) => (
        <TextField {...params} label={label} error={Boolean(error)} helperText={error} />
      )}
    />
  );
}
