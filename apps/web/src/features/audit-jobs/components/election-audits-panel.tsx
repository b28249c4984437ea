import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddOutlined from '@mui/icons-material/AddOutlined';
import type { Election } from '@scrutineer/contracts';
import { ServerDataGrid } from '../../../components/server-data-grid';
import { useListState } from '../../../lib/use-list-state';
import { useJobs } from '../api/jobs';
import { jobColumns } from './job-columns';
import { DeleteJobDialog } from './delete-job-dialog';
import { useState } from 'react';
import type { AuditJob } from '@scrutineer/contracts';

/** The election page's Audits tab: the election's jobs and New Audit Job. */
export function ElectionAuditsPanel({ election }: { election: Election }) {
  const navigate = useNavigate();
  const list = useListState({ sort: 'lastUpdated', order: 'desc', pageSize: 10 });
  const jobs = useJobs({
    ...list.query,
    sort: list.query.sort,
    election_id: election.id,
  });
  const [deleting, setDeleting] = useState<AuditJob | null>(null);
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => void navigate(`/audit-jobs/new?electionId=${election.id}`)}
        >
          New Audit Job
        </Button>
      </Box>
      <ServerDataGrid
        label="Audits"
        rows={jobs.data?.items ?? []}
        total={jobs.data?.total ?? 0}
        loading={jobs.isFetching}
        columns={jobColumns({
          open: (job) => void navigate(`/audit-jobs/${job.id}`),
          remove: setDeleting,
        })}
        list={list}
        noRowsLabel="No audits of this election yet."
      />
      <DeleteJobDialog job={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
