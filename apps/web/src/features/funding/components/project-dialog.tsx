import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PROJECT_ACCESSIBILITY, projectBodySchema, type Project } from '@scrutineer/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { fieldError } from '../../../lib/api-error';
import { useUsStates } from '../../../lib/reference/get-us-states';
import { useAdoptableElections, useSaveProject } from '../api/projects';

/** YYYY-MM-DD as the dialog shows it: MM-DD-YYYY. */
const toEntry = (iso: string | null) => {
  if (!iso) return '';
  const [y, m, d] = iso.split('-');
  return `${m}-${d}-${y}`;
};

interface Form {
  name: string;
  description: string;
  election_date: string;
  country: string;
  state: string;
  donation_target: string;
  pro_intro: string;
  avaliblity: 'Public' | 'Private';
  election_ids: number[];
  active: boolean;
}

const formOf = (project: Project | null): Form => ({
  name: project?.name ?? '',
  description: project?.description ?? '',
  election_date: toEntry(project?.election_date ?? null),
  country: project?.country ?? 'US',
  state: project?.state ?? 'Any',
  donation_target: String(project?.donation_target ?? 0),
  pro_intro: project?.pro_intro ?? '',
  avaliblity: project?.avaliblity ?? 'Public',
  election_ids: project?.election_ids ? project.election_ids.split(',').map(Number) : [],
  active: project?.active ?? true,
});

/** 'Project Attributes': add (no project) or update a project. */
export function ProjectDialog({
  project,
  onClose,
}: {
  project: Project | null;
  onClose: () => void;
}) {
  const notify = useNotify();
  const [form, setForm] = useState<Form>(() => formOf(project));
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const save = useSaveProject();
  const { data: states } = useUsStates();
  const { data: elections } = useAdoptableElections(true);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  /** The props that show a field's message under it. */
  const shows = (key: keyof Form) => ({ error: Boolean(errors[key]), helperText: errors[key] });
  const options = elections?.items ?? [];

  const submit = () => {
    const body = {
      ...(project ? { id: project.id } : {}),
      name: form.name,
      description: form.description,
      election_date: form.election_date || null,
      country: form.country,
      state: form.state,
      donation_target: form.donation_target.trim() === '' ? 0 : form.donation_target,
      pro_intro: form.pro_intro,
      avaliblity: form.avaliblity,
      election_ids: form.election_ids.join(','),
      active: form.active,
    };
    // The contract's own rules, checked here so each message shows at its field.
    const checked = projectBodySchema.safeParse(body);
    if (!checked.success) {
      const found: Partial<Record<keyof Form, string>> = {};
      for (const issue of checked.error.issues) {
        const key = issue.path[0] as keyof Form;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    save.mutate(
      { ...body, donation_target: checked.data.donation_target },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          setForm(formOf(null));
          onClose();
        },
        // An error leaves the dialog open with what was typed.
        onError: (error) => {
          const { field, message } = fieldError(error);
          if (field && field in form) setErrors({ [field]: message });
          else notify.error(field ? `${field}: ${message}` : message);
        },
      },
    );
  };

  return (
    <>
      <Dialog open onClose={() => setConfirming(true)} maxWidth="sm" fullWidth>
        <DialogTitle>Project Attributes</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              label="Project Name"
              required
              value={form.name}
              onChange={(e) => set('name', e.target.value)}
              {...shows('name')}
            />
            <TextField
              label="Short Description"
              value={form.description}
              onChange={(e) => set('description', e.target.value)}
              {...shows('description')}
            />
            <TextField
              label="Election Date"
              placeholder="MM-DD-YYYY"
              value={form.election_date}
              onChange={(e) => set('election_date', e.target.value)}
              {...shows('election_date')}
            />
            <TextField
              label="Country"
              value={form.country}
              onChange={(e) => set('country', e.target.value)}
              {...shows('country')}
            />
            {form.country === 'US' ? (
              <TextField
                select
                label="State"
                value={form.state}
                onChange={(e) => set('state', e.target.value)}
              >
                <MenuItem value="Any">Any</MenuItem>
                {(states ?? []).map((state) => (
                  <MenuItem key={state.code} value={state.name}>
                    {state.name}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField
                label="State"
                value={form.state}
                onChange={(e) => set('state', e.target.value)}
              />
            )}
            <TextField
              label="Donation Target"
              type="number"
              value={form.donation_target}
              onChange={(e) => set('donation_target', e.target.value)}
              onKeyDown={(event) => {
                if (event.key === '-') event.preventDefault();
              }}
              slotProps={{ htmlInput: { min: 0 } }}
              {...shows('donation_target')}
            />
            <TextField
              label="Project Intro Text"
              error={Boolean(errors.pro_intro)}
              helperText={errors.pro_intro ?? 'Markdown'}
              multiline
              minRows={4}
              value={form.pro_intro}
              onChange={(e) => set('pro_intro', e.target.value)}
            />
            <TextField
              select
              label="Accessibility"
              value={form.avaliblity}
              onChange={(e) => set('avaliblity', e.target.value as Form['avaliblity'])}
            >
              {PROJECT_ACCESSIBILITY.map((value) => (
                <MenuItem key={value} value={value}>
                  {value}
                </MenuItem>
              ))}
            </TextField>
            <Autocomplete
              multiple
              options={options.map((election) => election.id)}
              value={form.election_ids}
              getOptionLabel={(id) =>
                options.find((election) => election.id === id)?.name ?? `#${id}`
              }
              onChange={(_event, ids) => set('election_ids', ids)}
              renderInput={(params) => <TextField {...params} label="Adopt Existing Election" />}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={form.active}
                  onChange={(_e, checked) => set('active', checked)}
                />
              }
              label="active"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(true)}>Cancel</Button>
          <Button variant="contained" disabled={save.isPending} onClick={submit}>
            {project ? 'Update' : 'Add'}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        title="Are you sure you want to close without Updating?"
        confirmLabel="Close"
        onConfirm={onClose}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
