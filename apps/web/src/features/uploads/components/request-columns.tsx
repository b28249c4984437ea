import Chip from '@mui/material/Chip';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { UploadRequest } from '@scrutineer/contracts';
import { IconAction } from '../../../components/icon-action';
import { formatDate } from '../../../lib/dates';

/** Valid green, Expired red. */
export function RequestValidityChip({ request }: { request: UploadRequest }) {
  return (
    <Chip
      label={request.status}
      size="small"
      variant="outlined"
      color={request.expired ? 'error' : 'success'}
    />
  );
}

const DESCRIPTION_SHOWN = 100;

interface RequestActions {
  edit: (request: UploadRequest) => void;
  remove: (request: UploadRequest) => void;
}

/** Columns of the Upload Requests tab (spec part 2). */
export function requestColumns({ edit, remove }: RequestActions): GridColDef<UploadRequest>[] {
  return [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 140 },
    { field: 'email', headerName: 'Email', flex: 1.2, minWidth: 180 },
    {
      field: 'description',
      headerName: 'Description',
      flex: 1.4,
      minWidth: 160,
      valueFormatter: (value: string) => value.slice(0, DESCRIPTION_SHOWN),
    },
    { field: 'type', headerName: 'Type', width: 90 },
    {
      field: 'valid_through',
      headerName: 'Valid Through',
      width: 190,
      renderCell: ({ row }) => (
        <>
          {row.valid_through ? formatDate(row.valid_through) : 'No Expiration'}{' '}
          <RequestValidityChip request={row} />
        </>
      ),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 100,
      sortable: false,
      renderCell: ({ row }) => (
        <>
          {row.can.update && (
            <IconAction label={`Edit request to ${row.name}`} onClick={() => edit(row)}>
              <EditOutlined fontSize="small" />
            </IconAction>
          )}
          {row.can.delete && (
            <IconAction
              label={`Delete request to ${row.name}`}
              color="error"
              onClick={() => remove(row)}
            >
              <DeleteOutlined fontSize="small" />
            </IconAction>
          )}
        </>
      ),
    },
  ];
}
