import { useMemo, useState, useSyncExternalStore } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import type { UploadFile } from '@scrutineer/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useDeleteUploadFile } from '../api/delete-upload-file';
import { useDirectUploads, useRequestedUploads } from '../api/list-upload-files';
import { uploadKeys, type OwnerType } from '../api/upload-keys';
import { directUploadTarget } from '../api/upload-targets';
import { uploadQueueFor } from '../uploader/upload-queue';
import { FileTable } from './file-table';
import { SectionCard } from './section-card';
import { UploadFilesDialog } from './upload-files-dialog';
import { uploadFileColumns } from './upload-file-columns';
import { useUploadNotices } from './use-upload-notices';

interface FileUploadTabProps {
  type: OwnerType;
  owner: { id: number; name: string };
}

/** The File Upload tab of an election or a district: Direct Uploads and Requested Uploads. */
export function FileUploadTab({ type, owner }: FileUploadTabProps) {
  const notify = useNotify();
  const direct = useDirectUploads(type, owner.id);
  const requested = useRequestedUploads(type, owner.id);
  const remove = useDeleteUploadFile(type, owner.id);
  const queue = useMemo(() => uploadQueueFor(directUploadTarget(type, owner.id)), [type, owner.id]);
  useUploadNotices(queue, uploadKeys.direct(type, owner.id));
  const [dialogOpen, setDialogOpen] = useState(false);
  const [resuming, setResuming] = useState<string | null>(null);
  const queued = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  const resume = {
    isActive: (id: number) =>
      queued.some((row) => row.uploadId === id && row.getSnapshot().status === 'Uploading'),
    resume: (file: UploadFile) => {
      setResuming(file.file_name);
      setDialogOpen(true);
    },
  };
  const [deleting, setDeleting] = useState<UploadFile | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { id: deleting.id, requested: deleting.kind === 'requested' },
      {
        onSuccess: (answer) => notify.success(answer.message),
        onError: (error) => notify.error(errorMessage(error)),
        onSettled: () => setDeleting(null),
      },
    );
  };
  const columns = uploadFileColumns(setDeleting);
  const directColumns = uploadFileColumns(setDeleting, resume);

  return (
    <Stack spacing={3}>
      <SectionCard
        title="Direct Uploads"
        onRefresh={() => void direct.refetch()}
        actions={
          <Button
            variant="contained"
            startIcon={<CloudUploadOutlined />}
            onClick={() => {
              setResuming(null);
              setDialogOpen(true);
            }}
          >
            Upload Files
          </Button>
        }
      >
        <FileTable
          label="Direct Uploads"
          rows={direct.data?.items ?? []}
          columns={directColumns}
          loading={direct.isFetching}
          noRowsLabel="No files uploaded yet."
        />
      </SectionCard>
      <SectionCard title="Requested Uploads" onRefresh={() => void requested.refetch()}>
        <FileTable
          label="Requested Uploads"
          rows={requested.data?.items ?? []}
          columns={columns}
          loading={requested.isFetching}
          noRowsLabel="No files received through upload links yet."
        />
      </SectionCard>
      <UploadFilesDialog
        title={`Upload Files for ${owner.name}`}
        queue={queue}
        resuming={resuming}
        open={dialogOpen}
        onHide={() => setDialogOpen(false)}
      />
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
