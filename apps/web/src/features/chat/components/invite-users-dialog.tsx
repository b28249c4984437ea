import { useState } from 'react';
import type { ChatUser, Room } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useJobPeople } from '../api/list-users';
import { useSetRoomUsers } from '../api/room-mutations';
import { PeoplePicker } from './people-picker';
import { RoomDialogFrame } from './room-dialog-frame';

/** Invite Users (Admin): people of the job not yet in the room; at least one. */
export function InviteUsersDialog(props: { room: Room; jobId: number; onClose: () => void }) {
  const notify = useNotify();
  const people = useJobPeople(props.jobId);
  const save = useSetRoomUsers(props.jobId);
  const [chosen, setChosen] = useState<ChatUser[]>([]);
  const options = (people.data?.items ?? []).filter((p) => !props.room.users.includes(p.id));
  return (
    <RoomDialogFrame
      title="Invite Users"
      submitLabel="Invite"
      pending={save.isPending}
      submitDisabled={chosen.length === 0}
      onClose={props.onClose}
      onSubmit={() =>
        save.mutate(
          { roomId: props.room.id, users: [...props.room.users, ...chosen.map((p) => p.id)] },
          {
            onSuccess: (answer) => {
              notify.success(answer.message);
              props.onClose();
            },
            onError: (error) => notify.error(errorMessage(error)),
          },
        )
      }
    >
      <PeoplePicker
        label="Users"
        options={options}
        loading={people.isLoading}
        value={chosen}
        onChange={setChosen}
      />
    </RoomDialogFrame>
  );
}
