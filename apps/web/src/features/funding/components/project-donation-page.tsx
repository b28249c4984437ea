import { useState } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import { BackButton } from '../../../components/back-button';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { PageHeader } from '../../../components/page-header';
import { TabbedCard } from '../../../components/tabbed-card';
import { useSession } from '../../../lib/session';
import { useProject } from '../api/projects';
import { DonationTab } from './donation-tab';
import { DonorsTab } from './donors-tab';
import { OfflineDonationsTab } from './offline-donations-tab';
import { ProjectElectionsTab } from './project-elections-tab';

type TabValue = 'donation' | 'donors' | 'elections' | 'offline';

/** /projects/{name} and the public /project/{name}: Donation, Donors, Elections, Offline. */
export function ProjectDonationPage({ initialTab = 'donation' }: { initialTab?: TabValue }) {
  const { name = '' } = useParams();
  const session = useSession();
  const [tab, setTab] = useState<TabValue>(initialTab);
  const { data: project, error, isPending } = useProject(name);
  if (isPending) return <FullPageSpinner />;
  if (error || !project) return <Alert severity="error">{error?.message ?? 'Not found'}</Alert>;
  const tabs = [
    { value: 'donation' as const, label: 'Donation' },
    { value: 'donors' as const, label: 'Donors' },
    { value: 'elections' as const, label: 'Elections' },
    ...(project.can.addOffline ? [{ value: 'offline' as const, label: 'Offline Donations' }] : []),
  ];
  return (
    <>
      <PageHeader
        title={project.name}
        subtitle={project.description}
        actions={session ? <BackButton to="/projects" /> : undefined}
      />
      <TabbedCard tabs={tabs} value={tab} onChange={setTab} label="Project">
        {tab === 'donation' && <DonationTab project={project} />}
        {tab === 'donors' && <DonorsTab projectRef={String(project.id)} />}
        {tab === 'elections' && (
          <ProjectElectionsTab projectRef={String(project.id)} linked={session !== null} />
        )}
        {tab === 'offline' && <OfflineDonationsTab projectId={project.id} />}
      </TabbedCard>
    </>
  );
}
