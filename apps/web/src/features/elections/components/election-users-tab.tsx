import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import type { Election, Member } from '@scrutineer/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { SearchField } from '../../../components/search-field';
import { ServerDataGrid } from '../../../components/server-data-grid';
import { errorMessage } from '../../../lib/api-error';
import { useListState } from '../../../lib/use-list-state';
import { useDeleteMember } from '../api/delete-member';
import { useMembers } from '../api/list-members';
import { memberColumns, memberName } from './member-columns';
import { MemberDialog } from './member-dialog';

/** The Users tab (Auditor only): invite people with a role, change roles, remove members. */
export function ElectionUsersTab({ election }: { election: Election }) {
  const notify = useNotify();
  const list = useListState({ sort: 'created_at', order: 'asc' });
  const { data, isFetching } = useMembers(election.id, list.query);
  const remove = useDeleteMember(election.id);
  const [editing, setEditing] = useState<Member | 'new' | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.error(errorMessage(error)),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <SearchField value={list.search} onChange={list.setSearch} />
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="contained"
          startIcon={<PersonAddOutlined />}
          onClick={() => setEditing('new')}
        >
          Invite
        </Button>
      </Box>
      <ServerDataGrid
        label="Election users"
        rows={data?.items ?? []}
        total={data?.total ?? 0}
        loading={isFetching}
        columns={memberColumns({ edit: setEditing, remove: setRemoving })}
        list={list}
        noRowsLabel="No users yet."
      />
      {editing && (
        <MemberDialog
          key={editing === 'new' ? 'new' : editing.id}
          electionId={election.id}
          member={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Are you sure removing ${removing ? memberName(removing) : ''} ?`}
        confirmLabel="Remove"
        danger
        pending={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
