import Markdown from 'react-markdown';
import Box from '@mui/material/Box';

/** Renders markdown as text (no raw HTML). */
export function MarkdownView({ text }: { text: string }) {
  return (
    <Box sx={{ '& p': { my: 1 }, '& h1, & h2, & h3': { mt: 1.5, mb: 1, fontSize: '1.1rem' } }}>
      <Markdown>{text}</Markdown>
    </Box>
  );
}
