import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { CHAT_MESSAGES, type Room } from '@scrutineer/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useJobPeople } from '../api/list-users';
import { useSetRoomUsers } from '../api/room-mutations';
import { personName } from './chat-format';
import { RoomDialogFrame } from './room-dialog-frame';

/** Remove Users (Admin): tick at least one member, then confirm. */
export function RemoveUsersDialog(props: {
  room: Room;
  jobId: number;
  meId: number;
  onClose: () => void;
}) {
  const notify = useNotify();
  const people = useJobPeople(props.jobId);
  const save = useSetRoomUsers(props.jobId);
  const [chosen, setChosen] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const members = props.room.users.filter((id) => id !== props.meId);
  const nameOf = (id: number) => {
    const person = people.data?.items.find((p) => p.id === id);
    return person ? `${personName(person)} (${person.email})` : `User ${id}`;
  };
  const toggle = (id: number) =>
    setChosen(chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id]);
  return (
    <>
      <RoomDialogFrame
        title="Remove Users"
        submitLabel="Remove"
        danger
        pending={save.isPending}
        submitDisabled={chosen.length === 0}
        onClose={props.onClose}
        onSubmit={() => setConfirming(true)}
      >
        {members.length === 0 ? (
          <Typography color="textSecondary">No one else is in this room.</Typography>
        ) : (
          <FormGroup>
            {members.map((id) => (
              <FormControlLabel
                key={id}
                control={<Checkbox checked={chosen.includes(id)} onChange={() => toggle(id)} />}
                label={nameOf(id)}
              />
            ))}
          </FormGroup>
        )}
      </RoomDialogFrame>
      <ConfirmDialog
        open={confirming}
        title={CHAT_MESSAGES.confirmRemoveUser}
        confirmLabel="Delete"
        danger
        pending={save.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          save.mutate(
            { roomId: props.room.id, users: props.room.users.filter((id) => !chosen.includes(id)) },
            {
              onSuccess: (answer) => {
                notify.success(answer.message);
                props.onClose();
              },
              onError: (error) => notify.error(errorMessage(error)),
            },
          )
        }
      />
    </>
  );
}
