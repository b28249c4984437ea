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
    nameLinkColumn((row) => `/elections/${row.id}`, { flex: 2, minWidth: 200 }),
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
      // en-GB short date and time (26/11/2026, 14:05) fits in 140 px; names get the rest.
      width: 140,
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
