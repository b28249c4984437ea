import Box from '@mui/material/Box';
import Markdown, { defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';

/**
 * Renders markdown written by users. Raw HTML is never rendered (react-markdown drops it
 * unless told otherwise), and links or images whose address is not http(s), mailto, tel or
 * relative are emptied, so no script, event handler or javascript: link reaches the page.
 */
export function MarkdownView({ children }: { children: string }) {
  return (
    <Box
      className="markdown-body"
      sx={{
        lineHeight: 1.7,
        overflowWrap: 'anywhere',
        '& h1, & h2, & h3': { lineHeight: 1.3, mt: 3, mb: 1.5 },
        '& h1:first-of-type, & h2:first-of-type': { mt: 0 },
        '& a': { color: 'primary.light' },
        '& img': { maxWidth: '100%' },
        '& pre': { p: 2, borderRadius: 1, bgcolor: 'action.hover', overflowX: 'auto' },
        '& code': { fontFamily: 'monospace' },
        '& table': { borderCollapse: 'collapse' },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1.5, py: 0.5 },
        '& blockquote': { borderLeft: 4, borderColor: 'primary.main', pl: 2, ml: 0 },
      }}
    >
      <Markdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        urlTransform={(url) => defaultUrlTransform(url)}
        components={{
          a: ({ node: _node, ...props }) => (
            <a {...props} target="_blank" rel="noopener noreferrer" />
          ),
        }}
      >
        {children}
      </Markdown>
    </Box>
  );
}
