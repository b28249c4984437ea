import { useMemo, useState, useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import type { linkVerifiedSchema, UploadFile } from '@scrutineer/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { uploadKeys, type OwnerType } from '../api/upload-keys';
import { useDeleteLinkFile, useLinkFiles } from '../api/upload-link';
import { linkUploadTarget } from '../api/upload-targets';
import { uploadQueueFor } from '../uploader/upload-queue';
import { FileTable } from './file-table';
import { uploadFileColumns } from './upload-file-columns';
import { UploadList } from './upload-list';
import { UploadQueueButtons } from './upload-queue-buttons';
import { useUploadNotices } from './use-upload-notices';
import { formatDate } from '../../../lib/dates';

interface LinkUploaderProps {
  type: OwnerType;
  token: string;
  link: z.infer<typeof linkVerifiedSchema>;
}

/** What a visitor with a valid link sees: an uploader and the files of this request only. */
export function LinkUploader({ type, token, link }: LinkUploaderProps) {
  const notify = useNotify();
  const requestId = link.request_id;
  const queue = useMemo(
    () => uploadQueueFor(linkUploadTarget(type, requestId, token)),
    [type, requestId, token],
  );
  const filesKey = useMemo(() => uploadKeys.link(type, requestId, token), [type, requestId, token]);
  useUploadNotices(queue, filesKey);
  const rows = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  const files = useLinkFiles(type, requestId, token, true);
  const remove = useDeleteLinkFile(type, requestId, token);
  const [deleting, setDeleting] = useState<UploadFile | null>(null);
  const columns = uploadFileColumns(setDeleting).filter((column) => column.field !== 'uploader');

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
      <PageHeader
        title={`Upload files for ${link.owner_name}`}
        subtitle={`Requested from ${link.name}${link.email ? ` (${link.email})` : ''} · ${
          link.valid_through
            ? `This link works through ${formatDate(link.valid_through)}.`
            : 'This link does not expire.'
        }`}
      />
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Upload files">
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Upload files
          </Typography>
          <UploadList queue={queue} />
          <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
            <UploadQueueButtons queue={queue} disabled={rows.length === 0} />
          </Box>
        </Paper>
        <Paper
          variant="outlined"
          sx={{ p: 2 }}
          component="section"
          aria-label="Your uploaded files"
        >
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Your uploaded files
          </Typography>
          <FileTable
            label="Your uploaded files"
            rows={files.data?.items ?? []}
            columns={columns}
            loading={files.isFetching}
            noRowsLabel="No files uploaded through this link yet."
          />
        </Paper>
      </Stack>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.file_name ?? ''} ?`}
        confirmLabel="Delete"
        danger
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
