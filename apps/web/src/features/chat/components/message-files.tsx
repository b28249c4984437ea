import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import type { MessageFile } from '@scrutineer/contracts';
import { useFileUrl } from '../api/message-files';
import { formatDuration, formatSize } from './chat-format';

/** An image shown inline, audio with a player and its length, anything else as a download. */
export function MessageFileView({ file }: { file: MessageFile }) {
  const { data: url, isError } = useFileUrl(file.url);
  if (isError) return <Typography variant="caption">{file.name} (not available)</Typography>;
  if (!url) return <CircularProgress size={18} />;
  if (file.type.startsWith('image/')) {
    return (
      <Box
        component="img"
        src={url}
        alt={file.name}
        sx={{ display: 'block', maxWidth: 'min(260px, 100%)', maxHeight: 260, borderRadius: 1 }}
      />
    );
  }
  if (file.audio) {
    return (
      <Box>
        <Box component="audio" controls src={url} sx={{ maxWidth: '100%' }} />
        <Typography variant="caption" sx={{ display: 'block' }}>
          {file.name}
          {file.duration !== null && ` · ${formatDuration(file.duration)}`}
        </Typography>
      </Box>
    );
  }
  return (
    <Link href={url} download={file.name} sx={{ display: 'inline-flex', alignItems: 'center' }}>
      <AttachFileOutlined fontSize="small" />
      {file.name} ({formatSize(file.size)})
    </Link>
  );
}
