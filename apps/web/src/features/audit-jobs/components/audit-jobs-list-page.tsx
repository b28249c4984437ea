import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import AddOutlined from '@mui/icons-material/AddOutlined';
import type { AuditJob } from '@scrutineer/contracts';
import { PageHeader } from '../../../components/page-header';
import { SearchField } from '../../../components/search-field';
import { ServerDataGrid } from '../../../components/server-data-grid';
import { errorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { useListState } from '../../../lib/use-list-state';
import { useElectionOptions } from '../api/elections';
import { useJobs } from '../api/jobs';
import { DeleteJobDialog } from './delete-job-dialog';
import { jobColumns } from './job-columns';
import { RequestPermissionDialog } from './request-permission-dialog';
import { SharedSettingsDialog } from './shared-settings-dialog';

type ListTab = 'jobs' | 'test';

/** AuditJobsList (/audit-jobs, optional `electionId` and `districtName`). */
export function AuditJobsListPage() {
  const navigate = useNavigate();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const electionId = Number(params.get('electionId')) || null;
  const districtName = params.get('districtName') ?? undefined;
  const canTest = Boolean(session?.test_job) || session?.role === 'Admin';
  const [tab, setTab] = useState<ListTab>('jobs');
  const list = useListState({ sort: 'lastUpdated', order: 'desc' });
  const elections = useElectionOptions();
  const jobs = useJobs({
    ...list.query,
    sort: list.query.sort,
    election_id: electionId ?? undefined,
    districtName,
    test: tab === 'test',
  });
  const [deleting, setDeleting] = useState<AuditJob | null>(null);
  const [requesting, setRequesting] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const election = elections.data?.items.find((e) => e.id === electionId);

  const columns = jobColumns({
    open: (job) => void navigate(`/audit-jobs/${job.id}`),
    remove: setDeleting,
  });
  const goToElection = () =>
    void navigate(
      election?.districtId ? `/elections?districtId=${election.districtId}` : '/elections',
    );

  return (
    <>
      <PageHeader
        title="Audit Jobs"
        subtitle={districtName ? `Audits of ${districtName}` : 'The audits you can open.'}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => setSettingsOpen(true)}>
              Job Settings JSON
            </Button>
            <Button variant="outlined" onClick={() => setRequesting(true)}>
              Request Job Permission
            </Button>
            <Button variant="outlined" onClick={goToElection}>
              Go To Election
            </Button>
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() =>
                void navigate(
                  electionId ? `/audit-jobs/new?electionId=${electionId}` : '/audit-jobs/new',
                )
              }
            >
              New Audit Job
            </Button>
          </Box>
        }
      />
      {jobs.error && (
        <Alert severity="warning" sx={{ mb: 2 }} role="alert">
          {errorMessage(jobs.error)}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <SearchField value={list.search} onChange={list.setSearch} />
        <TextField
          select
          size="small"
          label="Election"
          value={electionId ?? 0}
          sx={{ width: { xs: '100%', sm: 300 } }}
          onChange={(event) => {
            const next = Number(event.target.value);
            list.setPage(1);
            setParams(next ? { electionId: String(next) } : {});
          }}
        >
          <MenuItem value={0}>All Election</MenuItem>
          {elections.data?.items.map((e) => (
            <MenuItem key={e.id} value={e.id}>
              {e.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: ListTab) => {
            list.setPage(1);
            setTab(next);
          }}
          aria-label="Job lists"
          sx={{ px: 2 }}
        >
          <Tab value="jobs" label="JOB List" />
          {canTest && <Tab value="test" label="Test JOB List" />}
        </Tabs>
      </Paper>
      <ServerDataGrid
        label={tab === 'test' ? 'Test JOB List' : 'JOB List'}
        rows={jobs.data?.items ?? []}
        total={jobs.data?.total ?? 0}
        loading={jobs.isFetching}
        columns={columns}
        list={list}
        noRowsLabel="No audit jobs yet."
      />
      <DeleteJobDialog job={deleting} onClose={() => setDeleting(null)} />
      <RequestPermissionDialog open={requesting} onClose={() => setRequesting(false)} />
      <SharedSettingsDialog
        open={settingsOpen}
        isAdmin={session?.role === 'Admin'}
        onClose={() => setSettingsOpen(false)}
      />
    </>
  );
}
