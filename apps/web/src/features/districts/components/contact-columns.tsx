import EditOutlined from '@mui/icons-material/EditOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { Contact } from '@scrutineer/contracts';
import { DeleteAction } from '../../../components/delete-action';
import { IconAction } from '../../../components/icon-action';
import { formatDate, formatDateTime } from '../../../lib/dates';

interface ContactActions {
  edit: (contact: Contact) => void;
  remove: (contact: Contact) => void;
}

/** Columns of a district's contacts; edit and delete only where the record allows them. */
export function contactColumns({ edit, remove }: ContactActions): GridColDef<Contact>[] {
  return [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
    { field: 'title', headerName: 'Title', flex: 1, minWidth: 140 },
    { field: 'email', headerName: 'Email', flex: 1.2, minWidth: 200 },
    {
      field: 'updated_at',
      headerName: 'Access Date',
      width: 190,
      valueFormatter: (value: string) => formatDateTime(value),
    },
    {
      field: 'date',
      headerName: 'Date',
      width: 120,
      valueFormatter: (value: string) => formatDate(value),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 110,
      sortable: false,
      renderCell: ({ row }) => (
        <>
          {row.can.update && (
            <IconAction label={`Edit ${row.name}`} onClick={() => edit(row)}>
              <EditOutlined fontSize="small" />
            </IconAction>
          )}
          {row.can.delete && <DeleteAction name={row.name} onClick={() => remove(row)} />}
        </>
      ),
    },
  ];
}
