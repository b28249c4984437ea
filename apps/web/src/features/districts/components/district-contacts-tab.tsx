import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddOutlined from '@mui/icons-material/AddOutlined';
import type { Contact, District } from '@scrutineer/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { SearchField } from '../../../components/search-field';
import { ServerDataGrid } from '../../../components/server-data-grid';
import { errorMessage } from '../../../lib/api-error';
import { useListState } from '../../../lib/use-list-state';
import { useDeleteContact } from '../api/delete-contact';
import { useContacts } from '../api/list-contacts';
import { ContactDialog } from './contact-dialog';
import { contactColumns } from './contact-columns';

/** The Contacts tab: people to reach at the district's election office. */
export function DistrictContactsTab({ district }: { district: District }) {
  const notify = useNotify();
  const list = useListState({ sort: 'name', order: 'asc' });
  const { data, isFetching } = useContacts(district.id, list.query);
  const remove = useDeleteContact(district.id);
  const [editing, setEditing] = useState<Contact | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.error(errorMessage(error)),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <SearchField value={list.search} onChange={list.setSearch} />
        <Box sx={{ flexGrow: 1 }} />
        {district.can.update && (
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
            New District Contact
          </Button>
        )}
      </Box>
      <ServerDataGrid
        label="District contacts"
        rows={data?.items ?? []}
        total={data?.total ?? 0}
        loading={isFetching}
        columns={contactColumns({ edit: setEditing, remove: setDeleting })}
        list={list}
        noRowsLabel="No contacts yet."
      />
      {editing && (
        <ContactDialog
          key={editing === 'new' ? 'new' : editing.id}
          districtId={district.id}
          contact={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Do you sure to delete this contact information?"
        confirmLabel="Delete"
        danger
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
