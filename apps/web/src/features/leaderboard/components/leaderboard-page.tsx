import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { GridColDef } from '@mui/x-data-grid';
import type { LeaderboardRow } from '@scrutineer/contracts';
import { PageHeader } from '../../../components/page-header';
import { SearchField } from '../../../components/search-field';
import { ServerDataGrid } from '../../../components/server-data-grid';
import { errorMessage } from '../../../lib/api-error';
import { useListState } from '../../../lib/use-list-state';
import { useLeaderboard } from '../api/list-leaderboard';

type Sort =
  | 'mapper_total'
  | 'adjudicator_total'
  | 'adjudicator_agreement'
  | 'first_name'
  | 'last_name'
  | 'email';

const columns: GridColDef<LeaderboardRow>[] = [
  { field: 'first_name', headerName: 'First Name', flex: 1, minWidth: 120 },
  { field: 'last_name', headerName: 'Last Name', flex: 1, minWidth: 120 },
  { field: 'email', headerName: 'Email', flex: 1.5, minWidth: 200 },
  { field: 'mapper_total', headerName: 'Mapper Score', type: 'number', width: 150 },
  { field: 'adjudicator_total', headerName: 'Adjudicator Score', type: 'number', width: 170 },
  {
    field: 'adjudicator_agreement',
    headerName: 'Agreement',
    description:
      'Of the items an adjudicator decided, the share that agreed with the final decision',
    type: 'number',
    width: 130,
    valueFormatter: (value: number | null) => (value === null ? '—' : `${value}%`),
  },
];

/** /leaderboard: people by accepted target mappings and adjudications. */
export function LeaderboardPage() {
  const list = useListState<Sort>({ sort: 'mapper_total', order: 'desc' });
  const { data, isFetching, error } = useLeaderboard(list.query);
  return (
    <>
      <PageHeader
        title="Leaderboard"
        subtitle="Volunteers by the target mappings accepted and the items they adjudicated, with how often their decision matched the final one."
      />
      {error && (
        <Alert severity="warning" sx={{ mb: 2 }} role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      <Box sx={{ mb: 2 }}>
        <SearchField value={list.search} onChange={list.setSearch} />
      </Box>
      <ServerDataGrid
        label="Leaderboard"
        rows={data?.items ?? []}
        total={data?.total ?? 0}
        loading={isFetching}
        columns={columns}
        list={list}
        noRowsLabel="Nobody to rank yet."
      />
    </>
  );
}
