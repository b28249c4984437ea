import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MarkdownView } from './markdown-view';

interface MarkdownEditorProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  label?: string;
}

/** A markdown editor: write in a text area, check the result on the Preview tab. */
export function MarkdownEditor({
  value,
  onChange,
  error,
  label = 'Markdown',
}: MarkdownEditorProps) {
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_event, next: 'write' | 'preview') => setTab(next)}
        aria-label={`${label} editor`}
        sx={{ minHeight: 36, '& .MuiTab-root': { minHeight: 36 } }}
      >
        <Tab value="write" label="Write" />
        <Tab value="preview" label="Preview" />
      </Tabs>
      {tab === 'write' ? (
        <TextField
          label={label}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          multiline
          minRows={12}
          maxRows={24}
          fullWidth
          error={Boolean(error)}
          helperText={error}
          slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
          sx={{ mt: 1 }}
        />
      ) : (
        <Paper
          variant="outlined"
          sx={{ mt: 1, p: 2, minHeight: 280, maxHeight: 520, overflow: 'auto' }}
        >
          {value.trim() ? (
            <MarkdownView>{value}</MarkdownView>
          ) : (
            <Typography color="textSecondary">Nothing to preview.</Typography>
          )}
          {error && (
            <Typography color="error" variant="body2" sx={{ mt: 1 }}>
              {error}
            </Typography>
          )}
        </Paper>
      )}
    </Box>
  );
}
