import type { ReactNode } from 'react';
import type { Election } from '@scrutineer/contracts';
import type { TabItem } from '../../../components/tabbed-card';

export type ElectionTab =
  'Properties' | 'Files' | 'FileUpload' | 'UploadRequests' | 'Users' | 'Audits';

/** Tabs whose panels another feature supplies (the app composes them in its routes). */
export type ElectionPanels = Partial<
  Record<'Files' | 'FileUpload' | 'UploadRequests' | 'Audits', (election: Election) => ReactNode>
>;

/**
 * The election page's tabs by role (spec part 2, section 2). A new election has only its
 * properties.
 */
export function electionTabs(election: Election | undefined): TabItem<ElectionTab>[] {
  const isNew = election === undefined;
  const role = election?.role;
  const handlesFiles = isNew || role === 'Auditor' || role === 'Uploader';
  const tabs: TabItem<ElectionTab>[] = [{ value: 'Properties', label: 'Election Properties' }];
  if (handlesFiles) {
    tabs.push(
      { value: 'Files', label: 'Election Files', disabled: isNew },
      { value: 'FileUpload', label: 'File Upload', disabled: isNew },
      { value: 'UploadRequests', label: 'Upload Requests', disabled: isNew },
    );
  }
  if (isNew || role === 'Auditor') tabs.push({ value: 'Users', label: 'Users', disabled: isNew });
  tabs.push({ value: 'Audits', label: 'Audits', disabled: isNew });
  return tabs;
}
