import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { MESSAGES } from '@scrutineer/contracts';
import type { ArgumentSpec } from './settings-specs';

interface ArgumentFieldProps {
  arg: ArgumentSpec;
  value: string;
  showError: boolean;
  onChange: (value: string) => void;
  label?: string;
}

/** One argument's input: a number for int, a list for choices and bool, lines for multi values. */
export function ArgumentField({ arg, value, showError, onChange, label }: ArgumentFieldProps) {
  const required = arg.required === 'TRUE';
  const missing = showError && required && !value.trim();
  const choices = arg.type === 'bool' ? ['TRUE', 'FALSE'] : arg.choices;
  const common = {
    label: label ?? arg.argument,
    required,
    fullWidth: true,
    size: 'small' as const,
    value,
    error: missing,
    helperText: missing
      ? MESSAGES.required
      : [arg.help, arg.format && `(${arg.format})`, arg.value && `Default: ${arg.value}`]
          .filter(Boolean)
          .join(' '),
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(event.target.value),
  };
  if (choices.length > 0 && !arg.multi && arg.type !== 'list') {
    return (
      <TextField select {...common}>
        <MenuItem value="">
          <em>{arg.value ? `Default (${arg.value})` : 'None'}</em>
        </MenuItem>
        {choices.map((choice) => (
          <MenuItem key={choice} value={choice}>
            {choice}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (arg.multi)
    return <TextField multiline minRows={2} placeholder="One value per line" {...common} />;
  return <TextField type={arg.type === 'int' ? 'number' : 'text'} {...common} />;
}
