import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { UploadFile } from '@scrutineer/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { IconAction } from '../../../components/icon-action';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/dates';
import {
  fetchGeneralUploadLink,
  useDeleteGeneralUpload,
  useGeneralUploads,
} from '../api/admin-uploads';
import { FileTable } from './file-table';
import { UploadStatusChip } from './upload-status-chip';

/** The Admin's General Upload table, with Copy Link for the general upload page. */
export function AdminGeneralUploadsTable() {
  const notify = useNotify();
  const { data, isFetching, refetch } = useGeneralUploads();
  const remove = useDeleteGeneralUpload();
  const [deleting, setDeleting] = useState<UploadFile | null>(null);

  const copyLink = () =>
    fetchGeneralUploadLink()
      .then((link) => navigator.clipboard.writeText(link.url))
      .then(
        () => notify.success('copied!'),
        () => notify.error('The link could not be copied.'),
      );
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.error(errorMessage(error)),
      onSettled: () => setDeleting(null),
    });
  };
  const columns: GridColDef<UploadFile>[] = [
    { field: 'file_name', headerName: 'File Name', flex: 1.4, minWidth: 180 },
    { field: 'file_type', headerName: 'File Type', width: 110 },
    { field: 'state', headerName: 'State', width: 90 },
    { field: 'county', headerName: 'County', flex: 1, minWidth: 130 },
    {
      field: 'upload_date',
      headerName: 'Date',
      width: 130,
      valueFormatter: (value: string) => formatDate(value),
    },
    {
      field: 'status',
      headerName: 'Status',
      width: 120,
      renderCell: ({ row }) => <UploadStatusChip status={row.status} />,
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 90,
      sortable: false,
      renderCell: ({ row }) =>
        row.status !== 'Uploading' && (
          <IconAction
            label={`Delete ${row.file_name}`}
            color="error"
            onClick={() => setDeleting(row)}
          >
            <DeleteOutlined fontSize="small" />
          </IconAction>
        ),
    },
  ];

  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, mb: 1, alignItems: 'center' }}>
        <Box sx={{ flexGrow: 1 }} />
        <IconAction label="Refresh general uploads" onClick={() => void refetch()}>
          <RefreshOutlined fontSize="small" />
        </IconAction>
        <Button
          variant="outlined"
          startIcon={<ContentCopyOutlined />}
          onClick={() => void copyLink()}
        >
          Copy Link
        </Button>
      </Box>
      <FileTable
        label="General uploads"
        rows={data?.items ?? []}
        columns={columns}
        loading={isFetching}
        noRowsLabel="No general uploads yet."
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
    </>
  );
}
