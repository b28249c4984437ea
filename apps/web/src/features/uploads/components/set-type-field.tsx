import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FILE_TYPES } from '@scrutineer/contracts';

const LABELS: Record<string, string> = {
  BIA: 'BIA = Ballot Image Archive',
  CVR: 'CVR = Cast Vote Records',
};

interface SetTypeFieldProps {
  value: string;
  /** Types the argument specs add (upload_file_types). */
  extra?: readonly string[];
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** The file type of a set: BIA (default), CVR, or a type the argument specs add. */
export function SetTypeField({ value, extra = [], onChange, disabled }: SetTypeFieldProps) {
  const types: string[] = [...FILE_TYPES, ...extra];
  if (!types.includes(value)) types.push(value);
  return (
    <TextField
      select
      label="File Type"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    >
      {types.map((type) => (
        <MenuItem key={type} value={type}>
          {LABELS[type] ?? type}
        </MenuItem>
      ))}
    </TextField>
  );
}
