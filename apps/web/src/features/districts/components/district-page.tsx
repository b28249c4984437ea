import type { ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import type { District } from '@scrutineer/contracts';
import { BackButton } from '../../../components/back-button';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageHeader } from '../../../components/page-header';
import { RoleChip } from '../../../components/role-chip';
import { TabbedCard, type TabItem } from '../../../components/tabbed-card';
import { errorMessage } from '../../../lib/api-error';
import { useDistrict } from '../api/get-district';
import { DistrictContactsTab } from './district-contacts-tab';
import { DistrictPropertiesForm } from './district-properties-form';

type DistrictTab = 'Properties' | 'Contacts' | 'FileUpload' | 'UploadRequests' | 'Election';

/** Tabs whose panels the uploads feature supplies (the app composes them in its routes). */
export type DistrictPanels = Partial<
  Record<'FileUpload' | 'UploadRequests', (district: District) => ReactNode>
>;

function districtTabs(district: District | undefined): TabItem<DistrictTab>[] {
  const isNew = district === undefined;
  const handlesFiles = isNew || district.role === 'Auditor' || district.role === 'Uploader';
  const tabs: TabItem<DistrictTab>[] = [
    { value: 'Properties', label: 'District Properties' },
    { value: 'Contacts', label: 'Contacts', disabled: isNew },
  ];
  // Spec part 2: File Upload only for Auditor or Uploader; Upload Requests for every role
  // (an Observer reads them without links or actions).
  if (handlesFiles) tabs.push({ value: 'FileUpload', label: 'File Upload', disabled: isNew });
  tabs.push({ value: 'UploadRequests', label: 'Upload Requests', disabled: isNew });
  tabs.push({ value: 'Election', label: 'Election', disabled: isNew });
  return tabs;
}

/** /districts/new and /districts/{id}; `activetab` picks the tab. */
export function DistrictPage({ panels = {} }: { panels?: DistrictPanels }) {
  const navigate = useNavigate();
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const districtId = id ? Number(id) : null;
  const validId = districtId === null || (Number.isInteger(districtId) && districtId > 0);
  const { data: district, error, isPending } = useDistrict(validId ? districtId : null);
  const wanted = params.get('activetab');
  const tabs = districtTabs(district);
  const tab: DistrictTab =
    district &&
    tabs.some((item) => item.value === wanted && !item.disabled && wanted !== 'Election')
      ? (wanted as DistrictTab)
      : 'Properties';

  const choose = (next: DistrictTab) => {
    if (next === 'Election' && district) {
      void navigate(`/elections?districtId=${district.id}`);
      return;
    }
    setParams(next === 'Properties' ? {} : { activetab: next }, { replace: true });
  };

  const header = (
    <PageHeader
      title={district?.name ?? (districtId ? 'District' : 'New District')}
      adornment={district && <RoleChip role={district.role} />}
      actions={<BackButton to="/districts" />}
    />
  );
  // /districts/Mono and the like name no district: not found, not a blank New District.
  if (!validId) return <NotFoundPage />;
  if (districtId !== null && error) {
    return (
      <>
        {header}
        <Alert severity="error">{errorMessage(error)}</Alert>
      </>
    );
  }
  if (districtId !== null && isPending) return <FullPageSpinner />;

  return (
    <>
      {header}
      <TabbedCard tabs={tabs} value={tab} onChange={choose} label="District">
        {tab === 'Properties' && (
          <DistrictPropertiesForm key={district?.id ?? 'new'} district={district} />
        )}
        {tab === 'Contacts' && district && <DistrictContactsTab district={district} />}
        {district && (tab === 'FileUpload' || tab === 'UploadRequests') && panels[tab]?.(district)}
      </TabbedCard>
    </>
  );
}
