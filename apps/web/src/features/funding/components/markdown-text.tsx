import Box from '@mui/material/Box';
import Markdown from 'react-markdown';

/** Markdown from people, rendered without raw HTML and with unsafe links removed. */
export function MarkdownText({ text }: { text: string }) {
  return (
    <Box sx={{ '& a': { color: 'primary.light' }, '& img': { maxWidth: '100%' } }}>
      <Markdown skipHtml>{text}</Markdown>
    </Box>
  );
}
