import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import AddOutlined from '@mui/icons-material/AddOutlined';
import type { Election } from '@scrutineer/contracts';
import { PageHeader } from '../../../components/page-header';
import { ServerDataGrid } from '../../../components/server-data-grid';
import { errorMessage } from '../../../lib/api-error';
import { useListState } from '../../../lib/use-list-state';
import { useElectionDistrict } from '../api/get-election-district';
import { useElections } from '../api/list-elections';
import { DeleteElectionDialog } from './delete-election-dialog';
import { electionColumns } from './election-columns';
import { ElectionFilters } from './election-filters';

/** The filters as they are kept in the address. */
function filterParams(districtId: number | null, projectId: number | null) {
  const next: Record<string, string> = {};
  if (districtId) next.districtId = String(districtId);
  if (projectId) next.projectId = String(projectId);
  return next;
}

/** /elections, or one district's (`?districtId=`) or project's (`?projectId=`) elections. */
export function ElectionsListPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const districtId = Number(params.get('districtId')) || null;
  const projectId = Number(params.get('projectId')) || null;
  const { data: district } = useElectionDistrict(districtId);
  const list = useListState({ sort: 'access', order: 'desc' });
  const { data, isFetching, error } = useElections({
    ...list.query,
    district: districtId ?? undefined,
    project: projectId ?? undefined,
  });
  const [deleting, setDeleting] = useState<Election | null>(null);

  const columns = electionColumns({
    open: (election) => void navigate(`/elections/${election.id}`),
    remove: setDeleting,
  });
  const newElection = districtId ? `/elections/new?districtId=${districtId}` : '/elections/new';

  return (
    <>
      <PageHeader
        title="Elections"
        subtitle={
          district ? `Elections of ${district.name}` : 'Every election you are a member of.'
        }
        actions={
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => void navigate(newElection)}
          >
            New Election
          </Button>
        }
      />
      {error && (
        <Alert severity="warning" sx={{ mb: 2 }} role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      <ElectionFilters
        search={list.search}
        onSearch={list.setSearch}
        district={districtId ? (district ?? null) : null}
        onDistrict={(next) => {
          list.setPage(1);
          setParams(filterParams(next?.id ?? null, projectId));
        }}
        projectId={projectId}
        onProject={(next) => {
          list.setPage(1);
          setParams(filterParams(districtId, next));
        }}
      />
      <ServerDataGrid
        label="Elections"
        rows={data?.items ?? []}
        total={data?.total ?? 0}
        loading={isFetching}
        columns={columns}
        list={list}
        noRowsLabel="No elections yet."
      />
      <DeleteElectionDialog election={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
