import { useEffect } from 'react';
import Paper from '@mui/material/Paper';
import { DataGrid, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import type { ListState } from '../lib/use-list-state';

interface ServerDataGridProps<R extends GridValidRowModel> {
  rows: readonly R[];
  total: number;
  loading: boolean;
  columns: readonly GridColDef<R>[];
  list: ListState;
  label: string;
  noRowsLabel?: string;
  /** Lets long column titles wrap onto a second line instead of being cut. */
  wrapHeaders?: boolean;
}

const PAGE_SIZES = [10, 25, 50, 100];

/** A data grid whose paging and sorting happen on the server (`{ items, total }` lists). */
export function ServerDataGrid<R extends GridValidRowModel>({
  rows,
  total,
  loading,
  columns,
  list,
  label,
  noRowsLabel = 'Nothing here yet.',
  wrapHeaders = false,
}: ServerDataGridProps<R>) {
  const { page_size: pageSize, page } = list.query;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  // A page left empty (its last row deleted) shows the last page that has rows.
  useEffect(() => {
    if (!loading && page > lastPage) list.setPage(lastPage);
  }, [loading, page, lastPage, list]);
  const searched = list.search.trim();
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <DataGrid
        aria-label={label}
        rows={rows}
        columns={columns}
        rowCount={total}
        loading={loading}
        paginationMode="server"
        sortingMode="server"
        sortingOrder={['desc', 'asc']}
        pageSizeOptions={PAGE_SIZES}
        {...list.grid}
        autoHeight
        disableColumnMenu
        disableRowSelectionOnClick
        localeText={{
          noRowsLabel: searched ? `Nothing matches “${searched}”.` : noRowsLabel,
        }}
        {...(wrapHeaders ? { columnHeaderHeight: 68 } : {})}
        sx={{
          border: 0,
          '& .MuiDataGrid-columnHeaderTitle': {
            fontWeight: 600,
            ...(wrapHeaders ? { whiteSpace: 'normal', lineHeight: 1.25 } : {}),
          },
          '& .MuiDataGrid-cell:focus, & .MuiDataGrid-cell:focus-within': { outline: 'none' },
        }}
      />
    </Paper>
  );
}
