import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import type { Room } from '@scrutineer/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useDeleteRoom, useExportMessages } from '../api/room-mutations';
import { InviteUsersDialog } from './invite-users-dialog';
import { RemoveUsersDialog } from './remove-users-dialog';
import { UpdateRoomDialog } from './update-room-dialog';

type Open = 'invite' | 'remove' | 'update' | 'delete' | null;

/** Export Messages and the room options: both the Admin's only (spec part 3). */
export function RoomActions(props: { room: Room; jobId: number; meId: number; isAdmin: boolean }) {
  const { room, jobId, meId, isAdmin } = props;
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const exporter = useExportMessages(jobId);
  const remover = useDeleteRoom(jobId);
  if (!isAdmin) return null;
  const choose = (which: Open) => {
    setAnchor(null);
    setOpen(which);
  };
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        disabled={exporter.isPending}
        onClick={() =>
          exporter.mutate(room.id, {
            onSuccess: (answer) => notify.success(`${answer.message} (${answer.file_name})`),
            onError: (error) => notify.error(errorMessage(error)),
          })
        }
      >
        Export Messages
      </Button>
      <IconButton aria-label="Room options" onClick={(event) => setAnchor(event.currentTarget)}>
        <MoreVertOutlined />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => choose('invite')}>Invite Users</MenuItem>
        <MenuItem onClick={() => choose('remove')}>Remove Users</MenuItem>
        <MenuItem onClick={() => choose('update')}>Update Room</MenuItem>
        <MenuItem onClick={() => choose('delete')}>Delete Room</MenuItem>
      </Menu>
      {open === 'invite' && (
        <InviteUsersDialog room={room} jobId={jobId} onClose={() => setOpen(null)} />
      )}
      {open === 'remove' && (
        <RemoveUsersDialog room={room} jobId={jobId} meId={meId} onClose={() => setOpen(null)} />
      )}
      {open === 'update' && (
        <UpdateRoomDialog room={room} jobId={jobId} onClose={() => setOpen(null)} />
      )}
      <ConfirmDialog
        open={open === 'delete'}
        title={`Delete room ${room.name}?`}
        confirmLabel="Delete"
        danger
        pending={remover.isPending}
        onClose={() => setOpen(null)}
        onConfirm={() => {
          // Not mutate's callbacks: the room's removal push can unmount this component before
          // the answer arrives, and React Query then drops them (and the toast with them).
          void remover.mutateAsync(room.id).then(
            (answer) => {
              notify.success(answer.message);
              setOpen(null);
            },
            (error: unknown) => notify.error(errorMessage(error)),
          );
        }}
      >
        Its messages and files are deleted with it.
      </ConfirmDialog>
    </Stack>
  );
}
