import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import AddOutlined from '@mui/icons-material/AddOutlined';
import CallMergeOutlined from '@mui/icons-material/CallMergeOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { DEFAULT_AUDIT_TYPE, MESSAGES } from '@scrutineer/contracts';
import { IconAction } from '../../../components/icon-action';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useArgSpecs, useSaveSettings, useSettingsFile } from '../api/job-files';
import { ArgumentEntryDialog } from './argument-entry-dialog';
import type { JobSettings } from './settings-specs';
import { editableArgs } from './settings-values';

interface AdoptedSettingDialogProps {
  jobId: number;
  /** The JOB file to edit; null opens a new one (type JOB, empty groups). */
  fileName: string | null;
  defaultName: string;
  onClose: () => void;
}

const hasEntries = (settings: JobSettings) => Object.values(settings).some((e) => e.length > 0);

/** The adopted job-setting dialog: one tab per argument group, arguments added, edited, merged. */
export function AdoptedSettingDialog({
  jobId,
  fileName,
  defaultName,
  onClose,
}: AdoptedSettingDialogProps) {
  const notify = useNotify();
  const specs = useArgSpecs();
  const file = useSettingsFile(jobId, fileName);
  const save = useSaveSettings(jobId);
  const [name, setName] = useState(fileName ?? defaultName);
  const [settings, setSettings] = useState<JobSettings>({});
  const [group, setGroup] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(5);
  const [entry, setEntry] = useState<{ index: number | null } | null>(null);

  useEffect(() => {
    if (file.data) setSettings(file.data.settings);
  }, [file.data]);
  const groups = (specs.data?.items ?? []).filter((g) => editableArgs(g).length > 0);
  const current = groups.find((g) => g.group === group) ?? groups[0];
  const rows = current ? (settings[current.group] ?? []) : [];
  const onError = (error: unknown) => notify.error(errorMessage(error));

  const write = (next: JobSettings, extra: { adopt_all?: boolean } = {}) =>
    save.mutateAsync({
      update: fileName !== null,
      file_name: name,
      old_file_name: fileName ?? undefined,
      settings: next,
      ...extra,
    });
  const submit = (adoptAll: boolean) =>
    write(settings, { adopt_all: adoptAll }).then((answer) => {
      notify.success(answer.message);
      onClose();
    }, onError);
  const setRows = (next: { argument: string; value: string }[]) =>
    current && setSettings((s) => ({ ...s, [current.group]: next }));
  const merge = (index: number) => {
    const row = rows[index];
    if (!current || !row || fileName === null) return;
    save
      .mutateAsync({
        update: true,
        file_name: name,
        old_file_name: fileName,
        settings,
        deleted_item: { group: current.group, argument: row.argument },
      })
      .then((answer) => {
        notify.success(answer.message);
        const next = {
          ...settings,
          [current.group]: rows.filter((r) => r.argument !== row.argument),
        };
        setSettings(next);
        if (!hasEntries(next)) onClose();
      }, onError);
  };

  const used = new Set(rows.map((r) => r.argument));
  const options = current
    ? editableArgs(current).filter((a) => a.multi || !used.has(a.argument) || entry?.index !== null)
    : [];
  const blocked = !name.trim() || !hasEntries(settings) || save.isPending;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>Job Setting</DialogTitle>
      <DialogContent dividers>
        {file.error && <Alert severity="error">{errorMessage(file.error)}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, mt: 1 }}>
          <TextField
            label="File Name"
            required
            fullWidth
            value={name}
            error={!name.trim()}
            helperText={!name.trim() ? MESSAGES.required : undefined}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ input: { readOnly: fileName !== null } }}
          />
          <TextField label="File Type" value="JOB" slotProps={{ input: { readOnly: true } }} />
        </Stack>
        <Tabs
          id={DEFAULT_AUDIT_TYPE}
          value={current?.group ?? false}
          onChange={(_event, next: string) => {
            setGroup(next);
            setPage(0);
          }}
          variant="scrollable"
          aria-label="Argument groups"
        >
          {groups.map((g) => (
            <Tab key={g.group} value={g.group} label={g.group} />
          ))}
        </Tabs>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', my: 1 }}>
          <Button startIcon={<AddOutlined />} onClick={() => setEntry({ index: null })}>
            Add Argument
          </Button>
        </Box>
        <Table size="small" aria-label="Arguments">
          <TableHead>
            <TableRow>
              <TableCell>Argument</TableCell>
              <TableCell>Value</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.slice(page * perPage, page * perPage + perPage).map((row, i) => {
              const index = page * perPage + i;
              return (
                <TableRow key={`${row.argument}-${index}`}>
                  <TableCell>{row.argument}</TableCell>
                  <TableCell>{row.value}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <IconAction label={`Edit ${row.argument}`} onClick={() => setEntry({ index })}>
                      <EditOutlined fontSize="small" />
                    </IconAction>
                    <IconAction
                      label={`Delete ${row.argument}`}
                      color="error"
                      onClick={() => setRows(rows.filter((_r, j) => j !== index))}
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconAction>
                    {fileName !== null && (
                      <IconAction label={`Merge ${row.argument}`} onClick={() => merge(index)}>
                        <CallMergeOutlined fontSize="small" />
                      </IconAction>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={rows.length}
          page={page}
          rowsPerPage={perPage}
          rowsPerPageOptions={[5, 10, 20, 50]}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPerPage(Number(event.target.value));
            setPage(0);
          }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          Close
        </Button>
        <Button variant="outlined" disabled={blocked} onClick={() => void submit(true)}>
          Adopt All
        </Button>
        <Button variant="contained" disabled={blocked} onClick={() => void submit(false)}>
          Save
        </Button>
      </DialogActions>
      {entry && (
        <ArgumentEntryDialog
          options={options}
          initial={entry.index === null ? null : (rows[entry.index] ?? null)}
          onClose={() => setEntry(null)}
          onSave={(next) => {
            setRows(
              entry.index === null
                ? [...rows, next]
                : rows.map((r, j) => (j === entry.index ? next : r)),
            );
            setEntry(null);
          }}
        />
      )}
    </Dialog>
  );
}
