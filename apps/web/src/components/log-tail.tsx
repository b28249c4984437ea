import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatTime } from '../lib/dates';

/** How many lines the tail keeps on screen; older ones scroll out. */
const KEEP_LINES = 2000;

interface LogTailProps {
  text: string | undefined;
  updatedAt: number | undefined;
  label: string;
  loading?: boolean;
}

/** A growing log, kept scrolled to its end unless the reader scrolls up. */
export function LogTail({ text, updatedAt, label, loading = false }: LogTailProps) {
  const box = useRef<HTMLPreElement>(null);
  const pinned = useRef(true);
  const lines = (text ?? '').replace(/\n$/, '').split('\n');
  const shown = lines.slice(-KEEP_LINES).join('\n');

  useEffect(() => {
    const el = box.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [shown]);

  return (
    <>
      <Box
        component="pre"
        ref={box}
        aria-label={label}
        tabIndex={0}
        onScroll={(event) => {
          const el = event.currentTarget;
          pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
        sx={{
          m: 0,
          p: 1.5,
          height: 360,
          overflow: 'auto',
          bgcolor: '#0a0910',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
          fontSize: 12.5,
          lineHeight: 1.5,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        {text ? shown : loading ? 'Loading the log…' : 'No log yet.'}
      </Box>
      <Typography variant="caption" color="textSecondary" sx={{ display: 'block', mt: 0.5 }}>
        {text ? `${lines.length} lines` : ''}
        {updatedAt ? ` · read at ${formatTime(updatedAt)}` : ''}
      </Typography>
    </>
  );
}
