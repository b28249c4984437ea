import { useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { MarkdownView } from './markdown-view';

interface MarkdownEditorProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
  error?: string;
}

/** Markdown text with a Write and a Preview tab. */
export function MarkdownEditor({ label, value, onChange, error }: MarkdownEditorProps) {
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  return (
    <Box>
      <Tabs
        value={mode}
        onChange={(_event, next: 'write' | 'preview') => setMode(next)}
        sx={{ minHeight: 36 }}
      >
        <Tab value="write" label="Write" sx={{ minHeight: 36 }} />
        <Tab value="preview" label="Preview" sx={{ minHeight: 36 }} />
      </Tabs>
      {mode === 'write' ? (
        <TextField
          label={label}
          required
          multiline
          minRows={6}
          fullWidth
          value={value}
          error={Boolean(error)}
          helperText={error ?? 'Markdown: # headings, **bold**, lists, links.'}
          onChange={(event) => onChange(event.target.value)}
          sx={{ mt: 1 }}
        />
      ) : (
        <Box
          sx={{ mt: 1, minHeight: 150, border: 1, borderColor: 'divider', borderRadius: 1, px: 2 }}
        >
          <MarkdownView text={value} />
        </Box>
      )}
    </Box>
  );
}
