import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import type { UploadRequest } from '@scrutineer/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { IconAction } from '../../../components/icon-action';
import { useNotify } from '../../../components/notifications/use-notify';
import { SearchField } from '../../../components/search-field';
import { errorMessage } from '../../../lib/api-error';
import type { OwnerType } from '../api/upload-keys';
import { useDeleteUploadRequest, useUploadRequests } from '../api/upload-requests';
import { FileTable } from './file-table';
import { requestColumns } from './request-columns';
import { UploadRequestDialog } from './upload-request-dialog';

interface UploadRequestsTabProps {
  type: OwnerType;
  owner: { id: number; name: string };
  /** False for a district's Observer, who reads the requests only. */
  canRequest?: boolean;
}

const matches = (request: UploadRequest, text: string) =>
  [request.name, request.email, request.description].some((value) =>
    value.toLowerCase().includes(text),
  );

/** The Upload Requests tab of an election or a district: links for outside parties. */
export function UploadRequestsTab({ type, owner, canRequest = true }: UploadRequestsTabProps) {
  const notify = useNotify();
  const { data, isFetching, refetch } = useUploadRequests(type, owner.id);
  const remove = useDeleteUploadRequest(type, owner.id);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<UploadRequest | 'new' | null>(null);
  const [removing, setRemoving] = useState<UploadRequest | null>(null);
  const text = search.trim().toLowerCase();
  const rows = (data?.items ?? []).filter((request) => !text || matches(request, text));

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
      <Box sx={{ display: 'flex', gap: 1, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <SearchField value={search} onChange={setSearch} />
        <IconAction label="Refresh upload requests" onClick={() => void refetch()}>
          <RefreshOutlined fontSize="small" />
        </IconAction>
        <Box sx={{ flexGrow: 1 }} />
        {canRequest && (
          <Button
            variant="contained"
            startIcon={<ForwardToInboxOutlined />}
            onClick={() => setEditing('new')}
          >
            Request Upload
          </Button>
        )}
      </Box>
      <FileTable
        label="Upload requests"
        rows={rows}
        columns={requestColumns({ edit: setEditing, remove: setRemoving })}
        loading={isFetching}
        noRowsLabel="No upload requests yet."
      />
      {editing && (
        <UploadRequestDialog
          key={editing === 'new' ? 'new' : editing.id}
          type={type}
          owner={owner}
          request={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Cancel upload request to ${removing?.name ?? ''} ?`}
        confirmLabel="Delete"
        danger
        pending={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
