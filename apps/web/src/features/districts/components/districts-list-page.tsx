import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { MESSAGES } from '@scrutineer/contracts';
import { PageHeader } from '../../../components/page-header';
import { SearchField } from '../../../components/search-field';
import { ServerDataGrid } from '../../../components/server-data-grid';
import { errorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { useListState } from '../../../lib/use-list-state';
import { useDistricts } from '../api/list-districts';
import { districtColumns } from './district-columns';

/** /districts: the districts the user belongs to; `districtname` pre-fills the search. */
export function DistrictsListPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const isPlainUser = session?.role.toLowerCase() === 'user';
  // Spec part 2: a plain user with no plan sees the message; the list is not asked for.
  const hasNoPlan = isPlainUser && session?.subscriptionPlan === 0;
  const list = useListState({
    sort: 'name',
    order: 'asc',
    search: params.get('districtname') ?? '',
  });
  const { data, isFetching, error } = useDistricts(list.query, !hasNoPlan);
  const columns = districtColumns(
    !isPlainUser,
    (district) => void navigate(`/districts/${district.id}`),
  );

  return (
    <>
      <PageHeader
        title="Districts"
        subtitle="Counties and other jurisdictions whose elections you audit."
        actions={
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            disabled={isPlainUser}
            onClick={() => void navigate('/districts/new')}
          >
            New District
          </Button>
        }
      />
      {hasNoPlan && (
        <Alert severity="warning" sx={{ mb: 2 }} role="alert">
          {MESSAGES.noPermission}
        </Alert>
      )}
      {error && (
        <Alert severity="warning" sx={{ mb: 2 }} role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      <Box sx={{ mb: 2 }}>
        <SearchField value={list.search} onChange={list.setSearch} />
      </Box>
      <ServerDataGrid
        label="Districts"
        rows={data?.items ?? []}
        total={data?.total ?? 0}
        loading={isFetching}
        columns={columns}
        list={list}
        noRowsLabel="No districts yet."
      />
    </>
  );
}
