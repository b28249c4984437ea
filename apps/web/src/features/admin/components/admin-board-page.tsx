import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { TabbedCard } from '../../../components/tabbed-card';
import { AdminGeneralUploadsTable } from '../../uploads/components/admin-general-uploads-table';
import { AdminUploadRequestsTable } from '../../uploads/components/admin-upload-requests-table';
import { AuditDonationsTab } from './audit-donations-tab';
import { AuditTypesTab } from './audit-types-tab';
import { DashboardTab } from './dashboard-tab';
import { FundraisingTab } from './fundraising-tab';
import { JobPermissionsTab } from './job-permissions-tab';
import { MarkdownTab } from './markdown-tab';
import { OutboxTab } from './outbox-tab';
import { RestartRdsButton } from './restart-rds-button';
import { UsersTab } from './users-tab';

const TABS = [
  { value: 'dashboard', label: 'Admin Dashboard' },
  { value: 'users', label: 'Users' },
  { value: 'job-permissions', label: 'Job Permissions' },
  { value: 'markdown', label: 'Markdown Files' },
  { value: 'audit-types', label: 'Audit Types' },
  { value: 'fundraising', label: 'Fundraising' },
  { value: 'audit-donations', label: 'Audit Donations' },
  { value: 'upload-requests', label: 'Upload Requests' },
  { value: 'general-upload', label: 'General Upload' },
  { value: 'mail', label: 'Mail Outbox' },
] as const;
type AdminTab = (typeof TABS)[number]['value'];

const PANELS: Record<AdminTab, () => React.JSX.Element> = {
  dashboard: () => <DashboardTab />,
  users: () => <UsersTab />,
  'job-permissions': () => <JobPermissionsTab />,
  markdown: () => <MarkdownTab />,
  'audit-types': () => <AuditTypesTab />,
  fundraising: () => <FundraisingTab />,
  'audit-donations': () => <AuditDonationsTab />,
  'upload-requests': () => <AdminUploadRequestsTable />,
  'general-upload': () => <AdminGeneralUploadsTable />,
  mail: () => <OutboxTab />,
};

const isTab = (value: string | null): value is AdminTab => TABS.some((tab) => tab.value === value);

/** /admin-board: the Admin's tabs; the chosen tab is kept in the address (`?tab=`). */
export function AdminBoardPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AdminTab = isTab(requested) ? requested : 'dashboard';
  return (
    <>
      <PageHeader
        title="Admin Board"
        subtitle="People, pages, uploads and the health of the platform."
        actions={<RestartRdsButton />}
      />
      <TabbedCard
        tabs={TABS}
        value={tab}
        onChange={(next) => setParams({ tab: next }, { replace: true })}
        label="Admin Board"
      >
        {PANELS[tab]()}
      </TabbedCard>
    </>
  );
}
