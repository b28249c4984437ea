import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { MESSAGES, type Room } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useUpdateRoom } from '../api/room-mutations';
import { RoomDialogFrame } from './room-dialog-frame';

/** Update Room (Admin): renames the room. */
export function UpdateRoomDialog(props: { room: Room; jobId: number; onClose: () => void }) {
  const notify = useNotify();
  const update = useUpdateRoom(props.jobId);
  const [name, setName] = useState(props.room.name);
  const error = name.trim() ? undefined : MESSAGES.required;
  return (
    <RoomDialogFrame
      title="Update Room"
      submitLabel="Update"
      pending={update.isPending}
      submitDisabled={Boolean(error)}
      onClose={props.onClose}
      onSubmit={() =>
        update.mutate(
          { roomId: props.room.id, name: name.trim() },
          {
            onSuccess: (answer) => {
              notify.success(answer.message);
              props.onClose();
            },
            onError: (failure) => notify.error(errorMessage(failure)),
          },
        )
      }
    >
      <TextField
        label="Room Name"
        required
        autoFocus
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(error)}
        helperText={error}
      />
    </RoomDialogFrame>
  );
}
