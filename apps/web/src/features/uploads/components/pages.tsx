import type { District, Election } from '@scrutineer/contracts';
import { ElectionFilesTab } from './election-files-tab';
import { FileUploadTab } from './file-upload-tab';
import { PublicUploadPage } from './public-upload-page';
import { UploadRequestsTab } from './upload-requests-tab';

/** The upload screens, loaded together as one chunk by the router. */
export { AdminGeneralUploadsTable } from './admin-general-uploads-table';
export { AdminUploadRequestsTable } from './admin-upload-requests-table';
export { GeneralUploadPage } from './general-upload-page';

/** The election page's file tabs. */
export const electionUploadPanels = {
  Files: (election: Election) => <ElectionFilesTab owner={election} />,
  FileUpload: (election: Election) => <FileUploadTab type="election" owner={election} />,
  UploadRequests: (election: Election) => <UploadRequestsTab type="election" owner={election} />,
};

/** The district page's file tabs (its File Upload tab is the district files tab). */
export const districtUploadPanels = {
  FileUpload: (district: District) => <FileUploadTab type="district" owner={district} />,
  UploadRequests: (district: District) => (
    <UploadRequestsTab
      type="district"
      owner={district}
      canRequest={district.role === 'Auditor' || district.role === 'Uploader'}
    />
  ),
};

export const ElectionUploadLinkPage = () => <PublicUploadPage type="election" />;
export const DistrictUploadLinkPage = () => <PublicUploadPage type="district" />;
