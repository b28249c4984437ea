import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { jobFileNameFor, type AuditJob, type AuditStage } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useArgSpecs, useJobFiles, useSaveSettings, useSettingsFile } from '../api/job-files';
import { ArgumentField } from './argument-field';
import { parseStagesText, type ArgGroup, type JobSettings } from './settings-specs';
import {
  editableArgs,
  keyOf,
  settingsFromValues,
  valuesFromSettings,
  type FormValues,
} from './settings-values';

/** The argument groups cut down to the arguments that name this stage. */
function stageGroups(groups: readonly ArgGroup[], stage: string): ArgGroup[] {
  return groups
    .map((g) => ({
      ...g,
      arguments: editableArgs(g).filter((a) => {
        const stages = parseStagesText(a.stages);
        return Array.isArray(stages) && stages.includes(stage);
      }),
    }))
    .filter((g) => g.arguments.length > 0);
}

/** The file's settings with this stage's arguments replaced by the form's. */
function mergeStage(file: JobSettings, groups: ArgGroup[], stage: JobSettings): JobSettings {
  const owned = new Set(groups.flatMap((g) => g.arguments.map((a) => keyOf(g.group, a.argument))));
  const merged: JobSettings = {};
  for (const [group, entries] of Object.entries(file)) {
    const kept = entries.filter((e) => !owned.has(keyOf(group, e.argument)));
    if (kept.length > 0) merged[group] = kept;
  }
  for (const [group, entries] of Object.entries(stage)) {
    merged[group] = [...(merged[group] ?? []), ...entries];
  }
  return merged;
}

/** Whether every entry of the settings applies to the stage (so the file may stay partial). */
function onlyFor(settings: JobSettings, groups: readonly ArgGroup[], stage: string): boolean {
  return Object.entries(settings).every(([group, entries]) =>
    entries.every((e) => {
      const spec = groups
        .find((g) => g.group === group)
        ?.arguments.find((a) => a.argument === e.argument);
      const stages = spec ? parseStagesText(spec.stages) : null;
      return (
        stages === null || stages === 'session' || (Array.isArray(stages) && stages.includes(stage))
      );
    }),
  );
}

/** The stage-setting dialog: the JOB file's arguments that apply to one stage only. */
export function StageSettingsDialog({
  job,
  stage,
  onClose,
}: {
  job: AuditJob;
  stage: string;
  onClose: () => void;
}) {
  const notify = useNotify();
  const specs = useArgSpecs();
  const files = useJobFiles(job.id, '', job.can.files);
  const jobFile = files.data?.items.find((f) => !f.adopted && f.file_type === 'JOB') ?? null;
  const file = useSettingsFile(job.id, jobFile?.file_name ?? null);
  const save = useSaveSettings(job.id);
  const groups = useMemo(() => stageGroups(specs.data?.items ?? [], stage), [specs.data, stage]);
  const [values, setValues] = useState<FormValues>({});
  const editable = job.can.run;

  useEffect(() => {
    setValues(valuesFromSettings(groups, file.data?.settings ?? {}));
  }, [groups, file.data]);

  const submit = () => {
    const own = settingsFromValues(groups, values);
    const merged = mergeStage(file.data?.settings ?? {}, groups, own);
    // A file holding this stage's arguments only is saved as that stage's (it may be partial);
    // a fuller file is checked whole, required arguments included.
    const partial = onlyFor(merged, specs.data?.items ?? [], stage);
    const body = jobFile
      ? {
          update: true,
          file_name: jobFile.file_name,
          old_file_name: jobFile.file_name,
          settings: merged,
          ...(partial ? { stage: stage as AuditStage } : {}),
        }
      : {
          update: false,
          file_name: jobFileNameFor(job.name),
          settings: own,
          stage: stage as AuditStage,
        };
    save.mutate(body, {
      onSuccess: (answer) => {
        notify.success(answer.message);
        onClose();
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  };
  const error = specs.error ?? files.error ?? file.error;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{`Stage settings: ${stage}`}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label="File Name"
            size="small"
            value={jobFile?.file_name ?? jobFileNameFor(job.name)}
            slotProps={{ input: { readOnly: true } }}
          />
          {error && <Alert severity="error">{errorMessage(error)}</Alert>}
          {!jobFile && files.data && (
            <Alert severity="info">The job has no JOB file yet; saving creates it.</Alert>
          )}
          {specs.data && groups.length === 0 && (
            <Typography color="textSecondary">{`No setting applies to ${stage} alone.`}</Typography>
          )}
          {groups.map((g) => (
            <Stack key={g.group} spacing={1.5}>
              <Typography variant="subtitle2" color="textSecondary">
                {g.group}
              </Typography>
              {g.arguments.map((arg) => (
                <ArgumentField
                  key={arg.argument}
                  arg={arg}
                  value={values[keyOf(g.group, arg.argument)] ?? ''}
                  showError={false}
                  onChange={(value) =>
                    setValues((v) => ({ ...v, [keyOf(g.group, arg.argument)]: value }))
                  }
                />
              ))}
            </Stack>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          Close
        </Button>
        {editable && (
          <Button
            variant="contained"
            disabled={save.isPending || groups.length === 0 || !files.data}
            onClick={submit}
          >
            Save
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
