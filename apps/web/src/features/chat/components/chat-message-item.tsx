import { useState } from 'react';
import { Message } from '@chatscope/chat-ui-kit-react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddReactionOutlined from '@mui/icons-material/AddReactionOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DoneAll from '@mui/icons-material/DoneAll';
import DoneOutlined from '@mui/icons-material/DoneOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ReplyOutlined from '@mui/icons-material/ReplyOutlined';
import type { ChatMessage } from '@scrutineer/contracts';
import { formatTime, personName } from './chat-format';
import { MessageFileView } from './message-files';
import { REACTIONS, reactionView } from './reactions';

export interface MessageActions {
  onReply: (message: ChatMessage) => void;
  onEdit: (message: ChatMessage) => void;
  onDelete: (message: ChatMessage) => void;
  onReact: (message: ChatMessage, reaction: string, remove: 'add' | 'remove') => void;
}

interface ChatMessageItemProps extends MessageActions {
  message: ChatMessage;
  meId: number;
  isAdmin: boolean;
}

/** One message: author and time, the quoted message, words, files, reactions and seen mark. */
export function ChatMessageItem({ message, meId, isAdmin, ...actions }: ChatMessageItemProps) {
  const [reactAnchor, setReactAnchor] = useState<HTMLElement | null>(null);
  const mine = message.users?.id === meId;
  const canChange = (mine || isAdmin) && !message.deleted;
  const seenCount = Object.keys(message.seen).length;
  const quote = message.replyMessage;
  return (
    <Message
      model={{ direction: mine ? 'outgoing' : 'incoming', position: 'single', type: 'custom' }}
      data-testid={`message-${message.id}`}
    >
      <Message.Header sender={personName(message.users)} sentTime={formatTime(message.timestamp)} />
      <Message.CustomContent>
        {quote && (
          <Box
            className="chat-quote"
            sx={{ borderLeft: 3, borderColor: 'primary.light', pl: 1, mb: 0.5, opacity: 0.85 }}
          >
            <Typography variant="caption" sx={{ display: 'block', whiteSpace: 'pre-wrap' }}>
              {quote.deleted
                ? 'This message was deleted.'
                : quote.content || `${quote.files.length} file(s)`}
            </Typography>
          </Box>
        )}
        {message.deleted ? (
          <Typography variant="body2" sx={{ fontStyle: 'italic', opacity: 0.7 }}>
            This message was deleted.
          </Typography>
        ) : (
          <>
            {message.content && (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {message.content}
              </Typography>
            )}
            {message.files.length > 0 && (
              <Stack spacing={0.5} sx={{ mt: message.content ? 0.75 : 0 }}>
                {message.files.map((file) => (
                  <MessageFileView key={file.id} file={file} />
                ))}
              </Stack>
            )}
          </>
        )}
      </Message.CustomContent>
      <Message.Footer>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {Object.entries(message.reactions).map(([reaction, ids]) => {
            const view = reactionView(reaction);
            const mineToo = ids.includes(meId);
            return (
              <Tooltip key={reaction} title={view?.label ?? reaction}>
                <Chip
                  size="small"
                  aria-label={`${view?.label ?? reaction} ${ids.length}`}
                  {...(view ? { icon: <view.Icon fontSize="small" /> } : {})}
                  label={view ? ids.length : `${reaction} ${ids.length}`}
                  variant={mineToo ? 'filled' : 'outlined'}
                  color={mineToo ? 'primary' : 'default'}
                  onClick={() => actions.onReact(message, reaction, mineToo ? 'remove' : 'add')}
                />
              </Tooltip>
            );
          })}
          {message.edited && !message.deleted && (
            <Typography variant="caption" sx={{ opacity: 0.7 }}>
              edited {formatTime(message.edited)}
            </Typography>
          )}
          {mine && !message.deleted && (
            <Tooltip title={seenCount ? `Seen by ${seenCount}` : 'Sent'}>
              <Box
                component="span"
                aria-label={seenCount ? 'Seen' : 'Sent'}
                sx={{ display: 'inline-flex', color: seenCount ? 'secondary.main' : 'inherit' }}
              >
                {seenCount ? <DoneAll fontSize="small" /> : <DoneOutlined fontSize="small" />}
              </Box>
            </Tooltip>
          )}
          {!message.deleted && (
            <>
              <IconButton size="small" aria-label="Reply" onClick={() => actions.onReply(message)}>
                <ReplyOutlined fontSize="inherit" />
              </IconButton>
              <IconButton
                size="small"
                aria-label="React"
                onClick={(event) => setReactAnchor(event.currentTarget)}
              >
                <AddReactionOutlined fontSize="inherit" />
              </IconButton>
            </>
          )}
          {canChange && mine && (
            <IconButton size="small" aria-label="Edit" onClick={() => actions.onEdit(message)}>
              <EditOutlined fontSize="inherit" />
            </IconButton>
          )}
          {canChange && (
            <IconButton size="small" aria-label="Delete" onClick={() => actions.onDelete(message)}>
              <DeleteOutline fontSize="inherit" />
            </IconButton>
          )}
        </Stack>
        <Menu
          anchorEl={reactAnchor}
          open={reactAnchor !== null}
          onClose={() => setReactAnchor(null)}
        >
          <Stack direction="row" sx={{ px: 1 }}>
            {REACTIONS.map(({ emoji, label, Icon, color }) => (
              <MenuItem
                key={emoji}
                aria-label={`React ${label}`}
                sx={{ flexDirection: 'column', px: 1, minWidth: 56 }}
                onClick={() => {
                  setReactAnchor(null);
                  const given = message.reactions[emoji]?.includes(meId) ?? false;
                  actions.onReact(message, emoji, given ? 'remove' : 'add');
                }}
              >
                <Icon color={color} />
                <Typography variant="caption">{label}</Typography>
              </MenuItem>
            ))}
          </Stack>
        </Menu>
      </Message.Footer>
    </Message>
  );
}
