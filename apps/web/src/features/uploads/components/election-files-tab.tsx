import { useState, useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import LibraryAddOutlined from '@mui/icons-material/LibraryAddOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import { useQueryClient } from '@tanstack/react-query';
import type { UploadFile } from '@scrutineer/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { IconAction } from '../../../components/icon-action';
import { useNotify } from '../../../components/notifications/use-notify';
import { SearchField } from '../../../components/search-field';
import { errorMessage } from '../../../lib/api-error';
import { uploadKeys, type OwnerType } from '../api/upload-keys';
import { useDeleteUploadSet, useUploadSets } from '../api/upload-sets';
import { uploadSetTarget } from '../api/upload-targets';
import { FileUpload } from '../uploader/file-upload';
import { AdoptSetDialog } from './adopt-set-dialog';
import { FileTable } from './file-table';
import { setColumns } from './set-columns';
import { SetUploadProgress } from './set-upload-progress';
import { UploadSetDialog, type SetUploadRequest } from './upload-set-dialog';

interface ElectionFilesTabProps {
  type?: OwnerType;
  owner: { id: number; name: string };
}

/** The Election Files tab: the election's file sets (BIA and CVR zips). */
export function ElectionFilesTab({ type = 'election', owner }: ElectionFilesTabProps) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data, isFetching, refetch } = useUploadSets(type, owner.id);
  const remove = useDeleteUploadSet(type, owner.id);
  const [search, setSearch] = useState('');
  const [upload, setUpload] = useState<FileUpload | null>(null);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [resuming, setResuming] = useState<UploadFile | null>(null);
  const [adopting, setAdopting] = useState<UploadFile | 'new' | null>(null);
  const [deleting, setDeleting] = useState<UploadFile | null>(null);
  const text = search.trim().toLowerCase();
  const rows = (data?.items ?? []).filter(
    (set) => !text || `${set.file_name} ${set.file_type ?? ''}`.toLowerCase().includes(text),
  );
  // A set still Uploading on the server that no upload of this page is sending: the page was
  // left or reloaded mid-way, and only the same file chosen again carries it on.
  const uploadStatus = useSyncExternalStore(
    upload?.subscribe ?? noSubscribe,
    () => upload?.getSnapshot().status ?? 'Ready',
  );
  const isStalled = (set: UploadFile) =>
    set.status === 'Uploading' && !(uploadStatus === 'Uploading' && upload?.uploadId === set.id);
  const stalled = (data?.items ?? []).filter((set) => set.can.update && isStalled(set));
  const openUpload = (set: UploadFile | null) => {
    setResuming(set);
    setUploadOpen(true);
  };

  const start = ({ file, file_type, description }: SetUploadRequest) => {
    const next = new FileUpload(file, uploadSetTarget(type, owner.id, { file_type, description }));
    upload?.dispose();
    setUpload(next);
    setResuming(null);
    void next.start().then((status) => {
      const { error } = next.getSnapshot();
      if (status === 'Success') notify.success('File upload successfully');
      else if (status === 'Canceled') notify.info(`${file.name} canceled!`);
      else notify.error(`${file.name} failed!${error ? ` ${error}` : ''}`);
      void queryClient.invalidateQueries({ queryKey: uploadKeys.owner(type, owner.id) });
    });
    void queryClient.invalidateQueries({ queryKey: uploadKeys.sets(type, owner.id) });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.error(errorMessage(error)),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <SearchField value={search} onChange={setSearch} />
        <IconAction label="Refresh files" onClick={() => void refetch()}>
          <RefreshOutlined fontSize="small" />
        </IconAction>
        <Box sx={{ flexGrow: 1 }} />
        <Button startIcon={<LibraryAddOutlined />} onClick={() => setAdopting('new')}>
          Adopt File
        </Button>
        <Button
          variant="contained"
          startIcon={<CloudUploadOutlined />}
          onClick={() => openUpload(null)}
        >
          Upload File
        </Button>
      </Box>
      {upload && !uploadOpen && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <SetUploadProgress upload={upload} />
        </Paper>
      )}
      {stalled.length > 0 && (
        <Alert severity="warning" aria-label="Interrupted uploads">
          {stalled.length === 1
            ? `${stalled[0]?.file_name ?? ''} stopped uploading before it finished.`
            : `${stalled.length} sets stopped uploading before they finished.`}{' '}
          Press Resume on its row and choose the same file again: the parts already received are
          kept.
        </Alert>
      )}
      <FileTable
        label="Election files"
        rows={rows}
        columns={setColumns({
          edit: setAdopting,
          remove: setDeleting,
          resume: openUpload,
          isStalled,
        })}
        loading={isFetching}
        noRowsLabel="No file sets yet."
      />
      {uploadOpen && (
        <UploadSetDialog
          ownerName={owner.name}
          upload={upload}
          resuming={resuming}
          onStart={start}
          onHide={() => setUploadOpen(false)}
        />
      )}
      {adopting && (
        <AdoptSetDialog
          key={adopting === 'new' ? 'new' : adopting.id}
          type={type}
          ownerId={owner.id}
          set={adopting === 'new' ? null : adopting}
          onClose={() => setAdopting(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.file_name ?? ''} ?`}
        confirmLabel="Delete"
        danger
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

const noSubscribe = () => () => undefined;
