import type { GridColDef } from '@mui/x-data-grid';
import type { Election } from '@scrutineer/contracts';
import { nameLinkColumn, openDeleteColumn, roleColumn } from '../../../components/grid-columns';
import { formatDate, formatDateTime } from '../../../lib/dates';

interface ElectionActions {
  open: (election: Election) => void;
  remove: (election: Election) => void;
}

/** Columns of the election list; fields that sort carry the server's sort keys. */
export function electionColumns(actions: ElectionActions): GridColDef<Election>[] {
  return [
    nameLinkColumn((row) => `/elections/${row.id}`, { flex: 1.3, minWidth: 150 }),
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
    {
      field: 'date',
      headerName: 'Date',
      width: 105,
      valueFormatter: (value: string) => formatDate(value),
    },
    roleColumn(100),
    openDeleteColumn(actions),
  ];
}
