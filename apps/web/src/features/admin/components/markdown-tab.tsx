import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import type { MarkdownFile } from '@scrutineer/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { IconAction } from '../../../components/icon-action';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { formatSize } from '../../uploads/uploader/progress-format';
import { useDeleteMarkdown, useMarkdownFiles } from '../api/markdown-files';
import { downloadMarkdown } from '../api/markdown-transfer';
import { EditMarkdownDialog } from './edit-markdown-dialog';
import { UploadMarkdownDialog } from './upload-markdown-dialog';
import { formatDateTime } from '../../../lib/dates';

/** The Markdown Files tab: the pages the Admin keeps, the Home page among them. */
export function MarkdownTab() {
  const notify = useNotify();
  const { data, isFetching, error } = useMarkdownFiles();
  const remove = useDeleteMarkdown();
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<MarkdownFile | null>(null);
  const [deleting, setDeleting] = useState<MarkdownFile | null>(null);

  const columns: GridColDef<MarkdownFile>[] = [
    { field: 'id', headerName: 'ID', width: 70 },
    { field: 'title', headerName: 'Title', flex: 1, minWidth: 140 },
    { field: 'file_name', headerName: 'File Name', flex: 1, minWidth: 140 },
    { field: 'file_type', headerName: 'File Type', width: 110 },
    {
      field: 'size',
      headerName: 'Size',
      width: 100,
      valueFormatter: (value: number) => formatSize(value),
    },
    {
      field: 'last_modified',
      headerName: 'Last Modification',
      // en-GB date and time (26/11/2026, 14:05) fits; the board fits at 1280 px.
      width: 150,
      valueFormatter: (value: string) => formatDateTime(value),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      sortable: false,
      width: 100,
      renderCell: ({ row }) => (
        <>
          <IconAction label={`Edit ${row.title}`} onClick={() => setEditing(row)}>
            <EditOutlined fontSize="small" />
          </IconAction>
          <IconAction
            label={`Download ${row.file_name}`}
            onClick={() =>
              void downloadMarkdown(row).catch((failure: unknown) =>
                notify.error(errorMessage(failure)),
              )
            }
          >
            <DownloadOutlined fontSize="small" />
          </IconAction>
          <IconAction label={`Delete ${row.title}`} color="error" onClick={() => setDeleting(row)}>
            <DeleteOutline fontSize="small" />
          </IconAction>
        </>
      ),
    },
  ];

  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button
          variant="contained"
          startIcon={<UploadOutlined />}
          onClick={() => setUploading(true)}
        >
          Upload New Markdown
        </Button>
      </Box>
      {error && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {errorMessage(error)}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <DataGrid
          aria-label="Markdown files"
          rows={data?.items ?? []}
          columns={columns}
          loading={isFetching}
          autoHeight
          disableColumnMenu
          disableRowSelectionOnClick
          hideFooter
          localeText={{ noRowsLabel: 'No markdown pages yet.' }}
          sx={{ border: 0 }}
        />
      </Paper>
      {uploading && <UploadMarkdownDialog onClose={() => setUploading(false)} />}
      {editing && (
        <EditMarkdownDialog key={editing.id} file={editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Are you sure deleting ${deleting?.file_name ?? ''} ?`}
        confirmLabel="Delete"
        danger
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: (answer) => {
              notify.success(answer.message);
              setDeleting(null);
            },
            onError: (failure) => notify.error(errorMessage(failure)),
          })
        }
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
