import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { Election } from '@scrutineer/contracts';
import { IconAction } from '../../../components/icon-action';
import { RoleChip } from '../../../components/role-chip';
import { formatDateTime } from '../../../lib/dates';

interface ElectionActions {
  open: (election: Election) => void;
  remove: (election: Election) => void;
}

/** Columns of the election list; fields that sort carry the server's sort keys. */
export function electionColumns({ open, remove }: ElectionActions): GridColDef<Election>[] {
  return [
    {
      field: 'name',
      headerName: 'Name',
      flex: 1.3,
      minWidth: 150,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={`/elections/${row.id}`}>
          {row.name}
        </Link>
      ),
    },
    { field: 'e_type', headerName: 'Type', width: 110 },
    { field: 'privacy', headerName: 'Privacy', width: 85 },
    {
      field: 'location',
      headerName: 'Location',
      flex: 1,
      minWidth: 120,
      valueGetter: (_value, row) => [row.county, row.state, row.country].join(', '),
    },
    {
      field: 'access',
      headerName: 'Access Date',
      width: 165,
      valueGetter: (_value, row) => formatDateTime(row.last_accessed_at),
    },
    { field: 'date', headerName: 'Date', width: 105 },
    {
      field: 'role',
      headerName: 'Role',
      width: 100,
      renderCell: ({ row }) => <RoleChip role={row.role} />,
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 90,
      sortable: false,
      renderCell: ({ row }) => (
        <>
          <IconAction label={`Open ${row.name}`} onClick={() => open(row)}>
            <OpenInNewOutlined fontSize="small" />
          </IconAction>
          {row.can.delete && (
            <IconAction label={`Delete ${row.name}`} color="error" onClick={() => remove(row)}>
              <DeleteOutlined fontSize="small" />
            </IconAction>
          )}
        </>
      ),
    },
  ];
}
