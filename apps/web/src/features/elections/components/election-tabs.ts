import type { Election } from '@scrutineer/contracts';
import type { TabItem } from '../../../components/tabbed-card';

export type ElectionTab =
  'Properties' | 'Files' | 'FileUpload' | 'UploadRequests' | 'Users' | 'Audits';

/**
 * The election page's tabs by role (spec part 2, section 2). A new election has only its
 * properties; Files, File Upload and Upload Requests arrive with the uploads issue.
 */
export function electionTabs(election: Election | undefined): TabItem<ElectionTab>[] {
  const isNew = election === undefined;
  const role = election?.role;
  const handlesFiles = isNew || role === 'Auditor' || role === 'Uploader';
  const tabs: TabItem<ElectionTab>[] = [{ value: 'Properties', label: 'Election Properties' }];
  if (handlesFiles) {
    tabs.push(
      { value: 'Files', label: 'Election Files', disabled: true },
      { value: 'FileUpload', label: 'File Upload', disabled: true },
      { value: 'UploadRequests', label: 'Upload Requests', disabled: true },
    );
  }
  if (isNew || role === 'Auditor') tabs.push({ value: 'Users', label: 'Users', disabled: isNew });
  tabs.push({ value: 'Audits', label: 'Audits', disabled: isNew });
  return tabs;
}
