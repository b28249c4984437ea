import { useState, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Box from '@mui/material/Box';
import { ComingSoon } from '../../../components/coming-soon';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { PageHeader } from '../../../components/page-header';
import { RoleChip } from '../../../components/role-chip';
import type { AuditJob } from '@scrutineer/contracts';
import { errorMessage } from '../../../lib/api-error';
import { useJob } from '../api/jobs';
import { JobAttachments } from './job-attachments';
import { JobFilesTab } from './job-files-tab';
import { JobOverviewForm } from './job-overview-form';

type JobTab =
  | 'overview'
  | 'files'
  | 'operations'
  | 'templates'
  | 'adjudication'
  | 'discussion'
  | 'tools'
  | 'rla';

/** Tabs other features provide, handed in by the routes (features do not import each other). */
export interface JobPanels {
  operations?: (job: AuditJob) => ReactNode;
  discussion?: (job: AuditJob) => ReactNode;
  tools?: (job: AuditJob) => ReactNode;
  rla?: (job: AuditJob) => ReactNode;
  adjudication?: (job: AuditJob) => ReactNode;
  templates?: (job: AuditJob) => ReactNode;
}

/** /audit-jobs/{id}; `new` (with an optional `electionId`) creates a job. */
export function AuditJobPage({ panels = {} }: { panels?: JobPanels }) {
  const navigate = useNavigate();
  const { id } = useParams();
  const [params] = useSearchParams();
  const jobId = id && id !== 'new' ? Number(id) : null;
  const job = useJob(jobId);
  const [tab, setTab] = useState<JobTab>('overview');
  const [electionId, setElectionId] = useState<number | null>(
    Number(params.get('electionId')) || null,
  );

  const header = (
    <PageHeader
      title={job.data?.name ?? (jobId ? 'Audit Job' : 'New Audit Job')}
      adornment={job.data && <RoleChip role={job.data.role} />}
    />
  );
  if (jobId !== null && job.error) {
    return (
      <>
        {header}
        <Alert severity="error">{errorMessage(job.error)}</Alert>
      </>
    );
  }
  if (jobId !== null && job.isPending) return <FullPageSpinner />;
  const isNew = jobId === null;
  const showFiles = isNew || Boolean(job.data?.can.files);
  const election = job.data?.election_id ?? electionId;
  const shown = tab === 'files' && !showFiles ? 'overview' : tab;

  const change = (next: string) => {
    if (next === 'back') void navigate('/audit-jobs');
    else if (next === 'election') {
      if (election) void navigate(`/elections/${election}`);
    } else setTab(next as JobTab);
  };

  return (
    <>
      {header}
      <Paper variant="outlined">
        <Tabs
          value={shown}
          onChange={(_event, next: string) => change(next)}
          aria-label="Audit job"
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="back" label="Back" />
          <Tab value="overview" label="Audit Job Overview" />
          {showFiles && <Tab value="files" label="Job Files" disabled={isNew} />}
          <Tab value="operations" label="Audit Operations" disabled={isNew} />
          {panels.adjudication && (
            <Tab value="adjudication" label="Adjudication" disabled={isNew} />
          )}
          {panels.templates && <Tab value="templates" label="Templates" disabled={isNew} />}
          <Tab value="discussion" label="Discussion" disabled={isNew} />
          <Tab value="tools" label="Tools" disabled={isNew} />
          {panels.rla && <Tab value="rla" label="Risk-Limiting Audit" disabled={isNew} />}
          <Tab value="election" label="Election" disabled={!election} />
        </Tabs>
        <Box role="tabpanel" aria-label={shown} sx={{ p: { xs: 2, md: 3 } }}>
          {shown === 'overview' && (
            <>
              <JobOverviewForm
                key={job.data?.id ?? 'new'}
                job={job.data}
                electionId={election}
                onElection={setElectionId}
              />
              {job.data && <JobAttachments job={job.data} />}
            </>
          )}
          {shown === 'files' && job.data && <JobFilesTab job={job.data} />}
          {shown === 'operations' &&
            (panels.operations && job.data ? (
              panels.operations(job.data)
            ) : (
              <ComingSoon what="Audit operations" />
            ))}
          {shown === 'discussion' &&
            (panels.discussion && job.data ? (
              panels.discussion(job.data)
            ) : (
              <ComingSoon what="Discussion rooms" />
            ))}
          {shown === 'tools' &&
            (panels.tools && job.data ? panels.tools(job.data) : <ComingSoon what="Tools" />)}
          {shown === 'rla' && panels.rla && job.data && panels.rla(job.data)}
          {shown === 'adjudication' &&
            panels.adjudication &&
            job.data &&
            panels.adjudication(job.data)}
          {shown === 'templates' && panels.templates && job.data && panels.templates(job.data)}
        </Box>
      </Paper>
    </>
  );
}
