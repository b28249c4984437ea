import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { TabbedCard } from '../../../components/tabbed-card';
import { AdminGeneralUploadsTable } from './admin-general-uploads-table';
import { AdminUploadRequestsTable } from './admin-upload-requests-table';

type AdminUploadTab = 'UploadRequests' | 'GeneralUpload';

const TABS = [
  { value: 'UploadRequests', label: 'Upload Requests' },
  { value: 'GeneralUpload', label: 'General Upload' },
] as const;

/**
 * /admin-board with the two upload tabs of the Admin board (spec part 3). The full board
 * (users, markdown, audit types, fundraising) mounts the same two tables in its own tabs.
 */
export function AdminUploadsPage() {
  const [tab, setTab] = useState<AdminUploadTab>('UploadRequests');
  return (
    <>
      <PageHeader title="Admin Board" />
      <TabbedCard tabs={TABS} value={tab} onChange={setTab} label="Admin Board">
        {tab === 'UploadRequests' ? <AdminUploadRequestsTable /> : <AdminGeneralUploadsTable />}
      </TabbedCard>
    </>
  );
}
