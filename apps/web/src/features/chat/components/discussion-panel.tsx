import { useState } from 'react';
import '@chatscope/chat-ui-kit-styles/dist/default/styles.min.css';
import './chat-theme.css';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { CHAT_LIMITS } from '@scrutineer/contracts';
import { useAccess } from '../../../app/guards/use-access';
import { useSession } from '../../../lib/session';
import { useChatSocket } from '../api/chat-socket';
import { useRooms } from '../api/list-rooms';
import { AddRoomDialog } from './add-room-dialog';
import { RoomChat } from './room-chat';
import { RoomList } from './room-list';

/**
 * The Discussion tab of a job: the room list beside the open room; below 500 px wide, one
 * column at a time (the list, or the room with a way back).
 */
export function DiscussionPanel({ jobId }: { jobId: number }) {
  const session = useSession();
  const { role } = useAccess();
  const isAdmin = role === 'Admin';
  const meId = session?.user_id ?? 0;
  const { connected, emit } = useChatSocket(jobId);
  const rooms = useRooms(jobId);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const narrow = useMediaQuery(`(max-width:${CHAT_LIMITS.deviceWidthPx - 0.05}px)`, {
    noSsr: true,
  });
  const list = rooms.data?.pages.flatMap((page) => page.items) ?? [];
  const selected = list.find((room) => room.id === selectedId) ?? null;
  const showList = !narrow || !selected;
  const showRoom = !narrow || selected !== null;

  return (
    <Paper
      variant="outlined"
      className="chat-window"
      sx={{
        display: 'flex',
        height: { xs: 'calc(100dvh - 200px)', md: 'calc(100dvh - 300px)' },
        minHeight: 420,
        overflow: 'hidden',
      }}
    >
      {showList && (
        <Box
          sx={{
            width: narrow ? '100%' : 300,
            flexShrink: 0,
            borderRight: narrow ? 0 : 1,
            borderColor: 'divider',
          }}
        >
          <RoomList
            rooms={list}
            selectedId={selectedId}
            loading={rooms.isLoading}
            loadingMore={rooms.isFetchingNextPage}
            isAdmin={isAdmin}
            onSelect={setSelectedId}
            onAdd={() => setAdding(true)}
            onMore={() => {
              if (rooms.hasNextPage && !rooms.isFetchingNextPage) void rooms.fetchNextPage();
            }}
          />
        </Box>
      )}
      {showRoom &&
        (selected ? (
          <RoomChat
            key={selected.id}
            room={selected}
            jobId={jobId}
            meId={meId}
            isAdmin={isAdmin}
            connected={connected}
            emit={emit}
            onBack={narrow ? () => setSelectedId(null) : undefined}
          />
        ) : (
          <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 3 }}>
            <Typography color="textSecondary">Choose a room to read its messages.</Typography>
          </Box>
        ))}
      {adding && (
        <AddRoomDialog
          jobId={jobId}
          meId={meId}
          onClose={() => setAdding(false)}
          onCreated={setSelectedId}
        />
      )}
    </Paper>
  );
}
