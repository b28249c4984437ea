import Button from '@mui/material/Button';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { UploadFile } from '@scrutineer/contracts';
import { IconAction } from '../../../components/icon-action';
import { formatSize } from '../uploader/progress-format';
import { UploadStatusChip } from './upload-status-chip';

interface SetActions {
  edit: (set: UploadFile) => void;
  remove: (set: UploadFile) => void;
  /** Offers to carry on a set left Uploading with no upload running in this page. */
  resume: (set: UploadFile) => void;
  isStalled: (set: UploadFile) => boolean;
}

/** Columns of the Election Files tab; delete is hidden while a set is Uploading. */
export function setColumns({
  edit,
  remove,
  resume,
  isStalled,
}: SetActions): GridColDef<UploadFile>[] {
  return [
    { field: 'file_name', headerName: 'Name', flex: 1.4, minWidth: 180 },
    { field: 'file_type', headerName: 'Type', width: 90 },
    { field: 'etag', headerName: 'Etag', flex: 1, minWidth: 140 },
    {
      field: 'size',
      headerName: 'Size',
      width: 110,
      valueGetter: (_value, row) => row.size ?? row.file_size,
      valueFormatter: (value: number) => formatSize(value),
    },
    {
      field: 'status',
      headerName: 'Status',
      width: 120,
      renderCell: ({ row }) => <UploadStatusChip status={row.status} kind="set" />,
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 150,
      sortable: false,
      renderCell: ({ row }) => (
        <>
          {row.can.update && isStalled(row) && (
            <Button
              size="small"
              aria-label={`Resume ${row.file_name}`}
              title="Choose the same file again to carry on from the parts already received."
              onClick={() => resume(row)}
            >
              Resume
            </Button>
          )}
          {row.can.update && (
            <IconAction label={`Edit ${row.file_name}`} onClick={() => edit(row)}>
              <EditOutlined fontSize="small" />
            </IconAction>
          )}
          {row.can.delete && row.status !== 'Uploading' && (
            <IconAction label={`Delete ${row.file_name}`} color="error" onClick={() => remove(row)}>
              <DeleteOutlined fontSize="small" />
            </IconAction>
          )}
        </>
      ),
    },
  ];
}
