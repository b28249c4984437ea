import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { MESSAGES, type ChatUser } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useJobPeople } from '../api/list-users';
import { useAddRoom } from '../api/room-mutations';
import { PeoplePicker } from './people-picker';
import { RoomDialogFrame } from './room-dialog-frame';

/** Add Room (Admin): a name, required, and the people of the job to put in it. */
export function AddRoomDialog(props: {
  jobId: number;
  meId: number;
  onClose: () => void;
  onCreated: (roomId: number) => void;
}) {
  const notify = useNotify();
  const people = useJobPeople(props.jobId);
  const add = useAddRoom(props.jobId);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<ChatUser[]>([]);
  const [touched, setTouched] = useState(false);
  const nameError = touched && !name.trim() ? MESSAGES.required : undefined;
  const submit = () => {
    setTouched(true);
    if (!name.trim()) return;
    add.mutate(
      { name: name.trim(), users: chosen.map((p) => p.id) },
      {
        onSuccess: (room) => {
          notify.success(room.message);
          props.onCreated(room.id);
          props.onClose();
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  };
  return (
    <RoomDialogFrame
      title="Add Room"
      submitLabel="Add"
      pending={add.isPending}
      onSubmit={submit}
      onClose={props.onClose}
    >
      <TextField
        label="Room Name"
        required
        autoFocus
        value={name}
        onChange={(event) => setName(event.target.value)}
        onBlur={() => setTouched(true)}
        error={Boolean(nameError)}
        helperText={nameError}
      />
      <PeoplePicker
        label="Users"
        options={(people.data?.items ?? []).filter((p) => p.id !== props.meId)}
        loading={people.isLoading}
        value={chosen}
        onChange={setChosen}
      />
    </RoomDialogFrame>
  );
}
