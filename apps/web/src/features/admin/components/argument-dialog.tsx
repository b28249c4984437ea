import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  ARG_TYPES,
  type ArgType,
  type ArgumentBody,
  type ArgumentSpec,
} from '@scrutineer/contracts';
import { useArgStages, useSaveArgument } from '../api/audit-types';
import { SaveFormDialog } from './save-form-dialog';

type StageMode = 'any' | 'session' | 'DEPRECATED' | 'stages';

const STAGE_MODES: { value: StageMode; label: string }[] = [
  { value: 'any', label: 'Every stage' },
  { value: 'stages', label: 'Chosen stages' },
  { value: 'session', label: 'The whole session' },
  { value: 'DEPRECATED', label: 'Deprecated' },
];

function stageMode(stages: string): StageMode {
  const s = stages.trim();
  if (s === '') return 'any';
  if (s === 'session' || s === 'DEPRECATED') return s;
  return 'stages';
}

const splitList = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

interface ArgumentDialogProps {
  groupId: number;
  /** null adds an argument. */
  argument: ArgumentSpec | null;
  onClose: () => void;
}

/** Add or change one argument of a group: type, default, choices, required, help, stages. */
export function ArgumentDialog({ groupId, argument, onClose }: ArgumentDialogProps) {
  const save = useSaveArgument(argument?.id ?? null);
  const stageList = useArgStages();
  const [name, setName] = useState(argument?.argument ?? '');
  const [type, setType] = useState<ArgType>(argument?.type ?? 'str');
  const [value, setValue] = useState(argument?.value ?? '');
  const [choices, setChoices] = useState<string[]>(argument?.choices ?? []);
  const [required, setRequired] = useState(argument?.required === 'TRUE');
  const [multi, setMulti] = useState(argument?.multi ?? false);
  const [mode, setMode] = useState<StageMode>(stageMode(argument?.stages ?? ''));
  const [stages, setStages] = useState<string[]>(
    stageMode(argument?.stages ?? '') === 'stages' ? splitList(argument?.stages ?? '') : [],
  );
  const [help, setHelp] = useState(argument?.help ?? '');
  const [format, setFormat] = useState(argument?.format ?? '');

  const valueOptions = type === 'bool' ? ['TRUE', 'FALSE'] : type === 'list' ? [] : choices;

  return (
    <SaveFormDialog
      title={argument ? 'Update Argument' : 'Add Argument'}
      save={save}
      body={(): ArgumentBody => ({
        group_id: groupId,
        argument: name.trim(),
        value: value.trim(),
        type,
        choices: type === 'bool' ? [] : choices,
        required: required ? 'TRUE' : 'FALSE',
        help: help.trim(),
        format: format.trim(),
        multi,
        stages: mode === 'any' ? '' : mode === 'stages' ? stages.join(',') : mode,
        create_job_file_api: argument?.create_job_file_api ?? true,
        internal: argument?.internal ?? false,
      })}
      help={{ value: help, onChange: setHelp, minRows: 2 }}
      canSave={Boolean(name.trim()) && !(mode === 'stages' && stages.length === 0)}
      clearsFailureOnEdit
      onClose={onClose}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Argument"
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          autoFocus
          sx={{ flex: 2 }}
        />
        <TextField
          select
          label="Type"
          value={type}
          onChange={(event) => {
            setType(event.target.value as ArgType);
            setValue('');
          }}
          sx={{ flex: 1 }}
        >
          {ARG_TYPES.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {type !== 'bool' && (
        <Autocomplete
          multiple
          freeSolo
          options={[]}
          value={choices}
          onChange={(_event, next) => {
            setChoices(next.map((item) => item.trim()).filter(Boolean));
            setValue('');
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Choices"
              helperText="Type a choice and press Enter; leave empty for a free value."
            />
          )}
        />
      )}
      {valueOptions.length > 0 ? (
        <TextField
          select
          label="Default Value"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        >
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
          {valueOptions.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <TextField
          label="Default Value"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          slotProps={{ htmlInput: type === 'int' ? { inputMode: 'numeric' } : {} }}
          helperText={type === 'list' ? 'Items separated by commas.' : undefined}
        />
      )}
      <Stack direction="row" spacing={2}>
        <FormControlLabel
          control={
            <Checkbox checked={required} onChange={(event) => setRequired(event.target.checked)} />
          }
          label="Required"
        />
        <FormControlLabel
          control={
            <Checkbox checked={multi} onChange={(event) => setMulti(event.target.checked)} />
          }
          label="Multi"
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Stages"
          value={mode}
          onChange={(event) => setMode(event.target.value as StageMode)}
          sx={{ flex: 1 }}
        >
          {STAGE_MODES.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        {mode === 'stages' && (
          <Autocomplete
            multiple
            options={stageList.data?.stages ?? []}
            value={stages}
            onChange={(_event, next) => setStages(next)}
            sx={{ flex: 2 }}
            renderInput={(params) => <TextField {...params} label="Stage list" />}
          />
        )}
      </Stack>
      <TextField
        label="Format"
        value={format}
        onChange={(event) => setFormat(event.target.value)}
      />
    </SaveFormDialog>
  );
}
