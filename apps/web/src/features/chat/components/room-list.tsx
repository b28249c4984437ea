import { Conversation, ConversationList } from '@chatscope/chat-ui-kit-react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import type { Room } from '@scrutineer/contracts';
import { formatTime } from './chat-format';

interface RoomListProps {
  rooms: Room[];
  selectedId: number | null;
  loading: boolean;
  loadingMore: boolean;
  isAdmin: boolean;
  onSelect: (roomId: number) => void;
  onAdd: () => void;
  onMore: () => void;
}

/** The job's rooms; the Admin's Add Room button above them. */
export function RoomList(props: RoomListProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography variant="h6" sx={{ flex: 1 }}>
          Rooms
        </Typography>
        {props.isAdmin && (
          <Button
            size="small"
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={props.onAdd}
          >
            Add Room
          </Button>
        )}
      </Box>
      {!props.loading && props.rooms.length === 0 ? (
        <Typography color="textSecondary" sx={{ p: 2 }}>
          {props.isAdmin
            ? 'No rooms yet. Add one to start a discussion.'
            : 'You are not in any room of this job yet.'}
        </Typography>
      ) : (
        <ConversationList
          loading={props.loading}
          loadingMore={props.loadingMore}
          onYReachEnd={props.onMore}
          style={{ flex: 1, minHeight: 0 }}
        >
          {props.rooms.map((room) => (
            <Conversation
              key={room.id}
              name={room.name}
              info={`${room.users.length} members · ${formatTime(room.lastUpdated)}`}
              active={room.id === props.selectedId}
              onClick={() => props.onSelect(room.id)}
              data-testid={`room-${room.id}`}
            />
          ))}
        </ConversationList>
      )}
    </Box>
  );
}
