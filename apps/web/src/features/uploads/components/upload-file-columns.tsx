import Button from '@mui/material/Button';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { UploadFile } from '@scrutineer/contracts';
import { IconAction } from '../../../components/icon-action';
import { formatDateTime } from '../../../lib/dates';
import { formatSize } from '../uploader/progress-format';
import { UploadStatusChip } from './upload-status-chip';

export const uploaderName = (file: UploadFile) =>
  file.uploader
    ? `${file.uploader.first_name} ${file.uploader.last_name}`.trim()
    : (file.request?.name ?? '-');

/** An upload left Uploading by a closed or reloaded page: this page may carry it on. */
export interface ResumeAction {
  isActive: (id: number) => boolean;
  resume: (file: UploadFile) => void;
}

/** Columns of the Direct Uploads and Requested Uploads tables (spec part 2, File Upload tab). */
export function uploadFileColumns(
  remove: (file: UploadFile) => void,
  resume?: ResumeAction,
): GridColDef<UploadFile>[] {
  return [
    { field: 'file_name', headerName: 'Name', flex: 1.4, minWidth: 135 },
    {
      field: 'size',
      headerName: 'Size',
      width: 90,
      valueGetter: (_value, row) => row.size ?? row.file_size,
      valueFormatter: (value: number) => formatSize(value),
    },
    {
      field: 'created_at',
      headerName: 'Started',
      width: 150,
      valueFormatter: (value: string) => formatDateTime(value),
    },
    {
      field: 'completed_at',
      headerName: 'Completed',
      width: 150,
      valueGetter: (_value, row) => (row.status === 'Uploading' ? null : row.completed_at),
      valueFormatter: (value: string | null) => (value ? formatDateTime(value) : 'N/A'),
    },
    {
      field: 'status',
      headerName: 'Status',
      width: 105,
      renderCell: ({ row }) => <UploadStatusChip status={row.status} />,
    },
    {
      field: 'uploader',
      headerName: 'Uploaded By',
      flex: 1,
      minWidth: 125,
      valueGetter: (_value, row) => uploaderName(row),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 90,
      sortable: false,
      renderCell: ({ row }) => {
        if (row.status === 'Uploading') {
          const stalled = resume && row.can.update && !resume.isActive(row.id);
          return (
            stalled && (
              <Button
                size="small"
                aria-label={`Resume ${row.file_name}`}
                title="Choose the same file again to carry on from the parts already received."
                onClick={() => resume.resume(row)}
              >
                Resume
              </Button>
            )
          );
        }
        return (
          row.can.delete && (
            <IconAction label={`Delete ${row.file_name}`} color="error" onClick={() => remove(row)}>
              <DeleteOutlined fontSize="small" />
            </IconAction>
          )
        );
      },
    },
  ];
}
