import { useEffect, useRef, useState } from 'react';
import { MessageInput } from '@chatscope/chat-ui-kit-react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { CHAT_LIMITS, type ChatMessage } from '@scrutineer/contracts';
import { formatSize, personName } from './chat-format';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '<br>');

interface ComposerProps {
  replyTo: ChatMessage | null;
  editing: ChatMessage | null;
  disabled: boolean;
  onCancel: () => void;
  /** Answers whether the message went; the composer clears only then. */
  onSend: (text: string, files: File[]) => Promise<boolean>;
}

/** The message box: words, attached files, and the message being replied to or edited. */
export function Composer({ replyTo, editing, disabled, onCancel, onSend }: ComposerProps) {
  const [html, setHtml] = useState('');
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setHtml(editing ? escapeHtml(editing.content) : '');
    setText(editing?.content ?? '');
  }, [editing]);

  const send = async (typed: string) => {
    if (sending) return;
    setSending(true);
    const sent = await onSend(typed.trim(), files);
    setSending(false);
    if (sent) {
      setHtml('');
      setText('');
      setFiles([]);
    }
  };

  const context = editing ?? replyTo;
  return (
    <Box className="chat-composer" sx={{ borderTop: 1, borderColor: 'divider' }}>
      {context && (
        <Stack direction="row" sx={{ alignItems: 'center', px: 1.5, pt: 1, gap: 1 }}>
          <Box sx={{ borderLeft: 3, borderColor: 'primary.light', pl: 1, flex: 1, minWidth: 0 }}>
            <Typography variant="caption" color="primary.light">
              {editing ? 'Editing your message' : `Replying to ${personName(context.users)}`}
            </Typography>
            <Typography variant="body2" noWrap>
              {context.content || `${context.files.length} file(s)`}
            </Typography>
          </Box>
          <IconButton size="small" aria-label="Cancel" onClick={onCancel}>
            <CloseOutlined fontSize="small" />
          </IconButton>
        </Stack>
      )}
      {files.length > 0 && (
        <Stack direction="row" sx={{ px: 1.5, pt: 1, gap: 0.5, flexWrap: 'wrap' }}>
          {files.map((file, index) => (
            <Chip
              key={`${file.name}-${index}`}
              size="small"
              label={`${file.name} (${formatSize(file.size)})`}
              onDelete={() => setFiles(files.filter((_, i) => i !== index))}
            />
          ))}
        </Stack>
      )}
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        data-testid="chat-file-input"
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? []);
          setFiles([...files, ...chosen].slice(0, CHAT_LIMITS.maxFilesPerMessage));
          event.target.value = '';
        }}
      />
      <MessageInput
        placeholder={editing ? 'Edit your message' : 'Type a message'}
        value={html}
        onChange={(innerHtml, _content, innerText) => {
          setHtml(innerHtml);
          setText(innerText);
        }}
        onSend={(_html, _content, innerText) => void send(innerText)}
        sendDisabled={disabled || sending || (!text.trim() && files.length === 0)}
        attachButton={!editing}
        attachDisabled={disabled}
        onAttachClick={() => fileInput.current?.click()}
        disabled={disabled}
      />
    </Box>
  );
}
