import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import type { FundraisingRow } from '@scrutineer/contracts';
import { SearchField } from '../../../components/search-field';
import { errorMessage } from '../../../lib/api-error';
import { useFundraising } from '../api/list-fundraising';

// Narrow minimums, titles on two lines and cells that wrap: all ten of the spec's columns fit
// the board at 1280 px (a transaction id or a long e-mail takes more lines, not more width).
const columns: GridColDef<FundraisingRow>[] = [
  { field: 'transaction_id', headerName: 'Transaction Id', flex: 1.2, minWidth: 112 },
  {
    field: 'project_name',
    headerName: 'Project Name',
    flex: 1,
    minWidth: 90,
    valueGetter: (_value, row) =>
      row.project_name ?? (row.kind === 'audit' ? 'Audit donation' : 'Package'),
  },
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 80 },
  { field: 'email', headerName: 'Email', flex: 1.3, minWidth: 105 },
  {
    field: 'price',
    headerName: 'Price',
    type: 'number',
    width: 76,
    valueFormatter: (value: number) => `$${value.toFixed(2)}`,
  },
  { field: 'address', headerName: 'Address', flex: 1, minWidth: 80 },
  { field: 'country', headerName: 'Country', width: 86 },
  { field: 'state', headerName: 'State', width: 68 },
  { field: 'city', headerName: 'City', flex: 0.8, minWidth: 80 },
  { field: 'zip_code', headerName: 'Zip Code', width: 72 },
];

/** Fundraising: every payment recorded, newest first. */
export function FundraisingTab() {
  const [search, setSearch] = useState('');
  const { data, isFetching, error } = useFundraising(search);
  return (
    <>
      <Box sx={{ mb: 2 }}>
        <SearchField value={search} onChange={setSearch} />
      </Box>
      {error && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {errorMessage(error)}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <DataGrid
          aria-label="Fundraising"
          rows={data?.payments ?? []}
          columns={columns}
          loading={isFetching}
          autoHeight
          disableColumnMenu
          disableRowSelectionOnClick
          pageSizeOptions={[25, 50, 100]}
          initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
          localeText={{ noRowsLabel: 'No payments recorded yet.' }}
          getRowHeight={() => 'auto'}
          columnHeaderHeight={68}
          sx={{
            border: 0,
            '& .MuiDataGrid-columnHeaderTitle': {
              fontWeight: 600,
              whiteSpace: 'normal',
              lineHeight: 1.25,
            },
            '& .MuiDataGrid-cell': { py: 0.75, overflowWrap: 'break-word', whiteSpace: 'normal' },
          }}
        />
      </Paper>
    </>
  );
}
