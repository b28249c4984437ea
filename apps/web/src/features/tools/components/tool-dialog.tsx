import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  toolOperandsSchema,
  type ActionSpec,
  type Tool,
  type ToolSettings,
} from '@scrutineer/contracts';

interface ToolDialogProps {
  /** The row to edit; null adds one. */
  tool: Tool | null;
  /** The job the tool belongs to, written into the operands template; null at /tools. */
  jobId: number | null;
  specs: readonly ActionSpec[];
  pending: boolean;
  onSave: (settings: ToolSettings) => void;
  onClose: () => void;
}

/** The operands as JSON, or null while the text is not a JSON object naming `op`. */
export function parseOperands(text: string): ToolSettings['api_operands'] | null {
  try {
    const parsed = toolOperandsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function operandsTemplate(spec: ActionSpec, jobId: number | null): string {
  const operands: Record<string, unknown> = { op: spec.function_name };
  for (const [name, operand] of Object.entries(spec.operands)) {
    if (name === 'job_id') operands[name] = jobId ?? 0;
    else operands[name] = operand.type === 'int' ? 0 : '';
  }
  return JSON.stringify(operands, null, 2);
}

/** Tools add/edit: a row names one of the server's registered tool functions with its operands. */
export function ToolDialog({ tool, jobId, specs, pending, onSave, onClose }: ToolDialogProps) {
  const [functionName, setFunctionName] = useState(tool?.function_name ?? '');
  const [script, setScript] = useState(tool?.script ?? '');
  const [apiEntry, setApiEntry] = useState(tool?.api_entry ?? '');
  const [operands, setOperands] = useState(tool ? JSON.stringify(tool.api_operands, null, 2) : '');
  const [helpText, setHelpText] = useState(tool?.help_text ?? '');
  const parsed = parseOperands(operands);
  // Add/Update only when every field is filled and the operands exist (spec part 3 §5).
  const ready =
    [functionName, script, apiEntry, helpText].every((v) => v.trim() !== '') && parsed !== null;

  const choose = (name: string) => {
    setFunctionName(name);
    const spec = specs.find((s) => s.function_name === name);
    if (!spec) return;
    setScript(spec.script);
    setApiEntry(spec.api_entry);
    setHelpText(spec.help_text);
    setOperands(operandsTemplate(spec, jobId));
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{tool ? 'Update Tool' : 'Add Tool'}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            select
            label="Function Name"
            required
            value={functionName}
            onChange={(event) => choose(event.target.value)}
            helperText="One of the registered tool functions"
          >
            {specs.map((spec) => (
              <MenuItem key={spec.id} value={spec.function_name}>
                {spec.function_name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Script"
            required
            value={script}
            onChange={(e) => setScript(e.target.value)}
          />
          <TextField
            label="Api Entry"
            required
            value={apiEntry}
            onChange={(e) => setApiEntry(e.target.value)}
          />
          <TextField
            label="Api Operands"
            required
            multiline
            minRows={4}
            value={operands}
            error={operands.trim() !== '' && parsed === null}
            helperText={
              operands.trim() !== '' && parsed === null
                ? 'A JSON object with an "op" field.'
                : 'JSON: the function (op) and its arguments'
            }
            onChange={(e) => setOperands(e.target.value)}
            slotProps={{ htmlInput: { style: { fontFamily: 'monospace', fontSize: 13 } } }}
          />
          <TextField
            label="Help Text"
            required
            multiline
            minRows={2}
            value={helpText}
            onChange={(e) => setHelpText(e.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={!ready || pending}
          onClick={() =>
            parsed &&
            onSave({
              function_name: functionName,
              script,
              api_entry: apiEntry,
              api_operands: parsed,
              help_text: helpText,
            })
          }
        >
          {tool ? 'Update' : 'Add'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
