import Paper from '@mui/material/Paper';
import { DataGrid, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';

interface FileTableProps<R extends GridValidRowModel> {
  rows: readonly R[];
  columns: readonly GridColDef<R>[];
  loading: boolean;
  label: string;
  noRowsLabel: string;
}

/** A table of files listed whole by the server, paged and sorted in the browser. */
export function FileTable<R extends GridValidRowModel>({
  rows,
  columns,
  loading,
  label,
  noRowsLabel,
}: FileTableProps<R>) {
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <DataGrid
        aria-label={label}
        rows={rows}
        columns={columns}
        loading={loading}
        initialState={{ pagination: { paginationModel: { pageSize: 10 } } }}
        pageSizeOptions={[10, 25, 50, 100]}
        autoHeight
        disableColumnMenu
        disableRowSelectionOnClick
        localeText={{ noRowsLabel }}
        sx={{
          border: 0,
          '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
          '& .MuiDataGrid-cell:focus, & .MuiDataGrid-cell:focus-within': { outline: 'none' },
        }}
      />
    </Paper>
  );
}
