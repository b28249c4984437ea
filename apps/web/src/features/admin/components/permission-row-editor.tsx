import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { IconAction } from '../../../components/icon-action';
import type { PermissionRow } from './permission-rows';

interface PermissionRowEditorProps {
  row: PermissionRow;
  index: number;
  jobs: { id: number; name: string }[];
  onChange: (row: PermissionRow) => void;
  onRemove: () => void;
}

/** One job of the Audit Permission dialog: the job, Full Range, or pages with their ranges. */
export function PermissionRowEditor({
  row,
  index,
  jobs,
  onChange,
  onRemove,
}: PermissionRowEditorProps) {
  const set = (patch: Partial<PermissionRow>) => onChange({ ...row, ...patch });
  const range = (field: 'start' | 'end' | 'page2_start' | 'page2_end', label: string) => (
    <TextField
      size="small"
      label={label}
      value={row[field]}
      onChange={(event) => set({ [field]: event.target.value.replace(/\D/g, '') })}
      slotProps={{
        htmlInput: { inputMode: 'numeric', 'aria-label': `${label} of row ${index + 1}` },
      }}
      sx={{ width: 110 }}
    />
  );
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Autocomplete
          size="small"
          options={jobs}
          getOptionLabel={(job) => job.name}
          value={jobs.find((job) => job.id === row.jobid) ?? null}
          onChange={(_event, job) => set({ jobid: job?.id ?? null })}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => <TextField {...params} label={`Job of row ${index + 1}`} />}
          sx={{ flex: '1 1 220px', minWidth: 200 }}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={row.fullRange}
              onChange={(event) => set({ fullRange: event.target.checked })}
            />
          }
          label="Full Range"
        />
        <IconAction label={`Remove row ${index + 1}`} color="error" onClick={onRemove}>
          <RemoveCircleOutline fontSize="small" />
        </IconAction>
      </Box>
      {!row.fullRange && (
        <Box sx={{ display: 'flex', gap: 3, mt: 1.5, flexWrap: 'wrap' }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={row.page_1}
                  onChange={(event) => set({ page_1: event.target.checked })}
                />
              }
              label="Page 1"
            />
            {row.page_1 && range('start', 'Start')}
            {row.page_1 && range('end', 'End')}
          </Box>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={row.page_2}
                  onChange={(event) => set({ page_2: event.target.checked })}
                />
              }
              label="Page 2"
            />
            {row.page_2 && range('page2_start', 'Page 2 Start')}
            {row.page_2 && range('page2_end', 'Page 2 End')}
          </Box>
        </Box>
      )}
    </Paper>
  );
}
