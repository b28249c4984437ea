import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ConversationHeader, MessageList } from '@chatscope/chat-ui-kit-react';
import Box from '@mui/material/Box';
import type { ChatMessage, Room } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { upsertMessage } from '../api/chat-cache';
import type { ChatEmit } from '../api/chat-socket';
import { useMessages } from '../api/list-messages';
import { audioDuration, uploadMessageFiles } from '../api/message-files';
import { markSeen } from '../api/room-mutations';
import { ChatMessageItem } from './chat-message-item';
import { Composer } from './composer';
import { RoomActions } from './room-actions';

interface RoomChatProps {
  room: Room;
  jobId: number;
  meId: number;
  isAdmin: boolean;
  connected: boolean;
  emit: ChatEmit;
  onBack?: (() => void) | undefined;
}

/** One room: its header and Admin actions, the messages (older pages on scroll up), the composer. */
export function RoomChat({ room, jobId, meId, isAdmin, connected, emit, onBack }: RoomChatProps) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const messages = useMessages(room.id);
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const lastMarked = useRef(0);

  const items = useMemo(
    () => [...(messages.data?.pages ?? [])].reverse().flatMap((page) => page.items),
    [messages.data],
  );

  // Messages from others are marked seen by the reader (spec part 3, section 4).
  const latestFromOthers = [...items].reverse().find((m) => m.users?.id !== meId);
  useEffect(() => {
    if (!latestFromOthers || latestFromOthers.seen[String(meId)]) return;
    if (latestFromOthers.id <= lastMarked.current) return;
    lastMarked.current = latestFromOthers.id;
    markSeen({ messageId: latestFromOthers.id, roomId: room.id, userId: meId }).catch(
      () => (lastMarked.current = 0),
    );
  }, [latestFromOthers, meId, room.id]);

  const fail = (error: string) => {
    notify.error(error);
    return false;
  };

  const send = async (text: string, files: File[]): Promise<boolean> => {
    if (editing) {
      const ack = await emit('event', {
        messageId: editing.id,
        edited: new Date().toISOString(),
        content: text,
        files: editing.files,
      });
      if (!ack.ok) return fail(ack.error);
      setEditing(null);
      return true;
    }
    const ack = await emit('event', {
      sender_id: meId,
      content: text,
      timestamp: new Date().toISOString(),
      roomid: room.id,
      files: files.map((f) => ({ name: f.name, size: f.size, type: f.type })),
      replyMessage: replyTo
        ? { id: replyTo.id, content: replyTo.content, sender_id: replyTo.users?.id ?? null }
        : null,
    });
    if (!ack.ok) return fail(ack.error);
    if (ack.message) upsertMessage(queryClient, ack.message);
    setReplyTo(null);
    if (files.length && ack.message) {
      try {
        const audio = files.find((f) => f.type.startsWith('audio/'));
        const duration = audio ? await audioDuration(audio) : undefined;
        await uploadMessageFiles({
          messageId: ack.message.id,
          jobId,
          files,
          ...(duration !== undefined ? { duration } : {}),
        });
        await emit('getmessage', { messageId: ack.message.id });
      } catch (error) {
        notify.error(errorMessage(error));
      }
    }
    return true;
  };

  const actions = {
    onReply: (message: ChatMessage) => {
      setEditing(null);
      setReplyTo(message);
    },
    onEdit: (message: ChatMessage) => {
      setReplyTo(null);
      setEditing(message);
    },
    onDelete: (message: ChatMessage) => {
      void emit('event', { messageId: message.id, deleted: new Date().toISOString() }).then(
        (ack) => !ack.ok && notify.error(ack.error),
      );
    },
    onReact: (message: ChatMessage, reaction: string, remove: 'add' | 'remove') => {
      void emit('messageReaction', {
        room_id: room.id,
        messageId: message.id,
        user_id: meId,
        reaction,
        remove,
      }).then((ack) => !ack.ok && notify.error(ack.error));
    },
  };

  return (
    <Box
      className="chat-room"
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, height: '100%' }}
    >
      <ConversationHeader>
        {onBack && <ConversationHeader.Back onClick={onBack} />}
        <ConversationHeader.Content
          userName={room.name}
          info={`${room.users.length} member${room.users.length === 1 ? '' : 's'}${connected ? '' : ' · reconnecting…'}`}
        />
        <ConversationHeader.Actions>
          <RoomActions room={room} jobId={jobId} meId={meId} isAdmin={isAdmin} />
        </ConversationHeader.Actions>
      </ConversationHeader>
      <Box sx={{ flex: 1, minHeight: 0, position: 'relative' }}>
        <MessageList
          loading={messages.isLoading}
          loadingMore={messages.isFetchingNextPage}
          onYReachStart={() => {
            if (messages.hasNextPage && !messages.isFetchingNextPage) void messages.fetchNextPage();
          }}
        >
          {items.map((message) => (
            <ChatMessageItem
              key={message.id}
              message={message}
              meId={meId}
              isAdmin={isAdmin}
              {...actions}
            />
          ))}
        </MessageList>
      </Box>
      <Composer
        replyTo={replyTo}
        editing={editing}
        disabled={!connected}
        onCancel={() => {
          setReplyTo(null);
          setEditing(null);
        }}
        onSend={send}
      />
    </Box>
  );
}
