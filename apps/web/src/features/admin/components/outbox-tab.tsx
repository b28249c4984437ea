import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import type { OutboxMail } from '@scrutineer/contracts';
import { SearchField } from '../../../components/search-field';
import { ServerDataGrid } from '../../../components/server-data-grid';
import { errorMessage } from '../../../lib/api-error';
import { useListState } from '../../../lib/use-list-state';
import { useOutbox } from '../api/list-outbox';
import { formatDateTime } from '../../../lib/dates';

const columns: GridColDef<OutboxMail>[] = [
  {
    field: 'created_at',
    headerName: 'Created',
    sortable: false,
    width: 170,
    valueFormatter: (value: string) => formatDateTime(value),
  },
  { field: 'to', headerName: 'To', sortable: false, flex: 1, minWidth: 150 },
  { field: 'subject', headerName: 'Subject', sortable: false, flex: 1.2, minWidth: 170 },
  {
    field: 'transport',
    headerName: 'Delivery',
    sortable: false,
    width: 130,
    renderCell: ({ row }) =>
      row.error ? (
        <Chip size="small" color="error" label="Failed" title={row.error} />
      ) : (
        <Chip size="small" label={row.sent_at ? `Sent (${row.transport})` : row.transport} />
      ),
  },
  { field: 'text', headerName: 'Text', sortable: false, flex: 1.5, minWidth: 160 },
];

/** Mail Outbox: every mail the platform sent, newest first. */
export function OutboxTab() {
  const list = useListState({ sort: 'created_at', order: 'desc' });
  const { data, isFetching, error } = useOutbox({
    search: list.query.search,
    page: list.query.page,
    page_size: list.query.page_size,
  });
  return (
    <>
      <Box sx={{ mb: 2 }}>
        <SearchField value={list.search} onChange={list.setSearch} />
      </Box>
      {error && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {errorMessage(error)}
        </Alert>
      )}
      <ServerDataGrid
        label="Mail outbox"
        rows={data?.items ?? []}
        total={data?.total ?? 0}
        loading={isFetching}
        columns={columns}
        list={list}
        noRowsLabel="No mail sent yet."
      />
    </>
  );
}
