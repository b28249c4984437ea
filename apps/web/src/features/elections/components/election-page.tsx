import { useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import { BackButton } from '../../../components/back-button';
import { ComingSoon } from '../../../components/coming-soon';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { PageHeader } from '../../../components/page-header';
import { RoleChip } from '../../../components/role-chip';
import { TabbedCard } from '../../../components/tabbed-card';
import { errorMessage } from '../../../lib/api-error';
import { useElection } from '../api/get-election';
import { useElectionDistrict } from '../api/get-election-district';
import { ElectionPropertiesForm } from './election-properties-form';
import { electionTabs, type ElectionPanels, type ElectionTab } from './election-tabs';
import { ElectionUsersTab } from './election-users-tab';

/**
 * /elections/new (`?districtId=` picks the district) and /elections/{id}. The file tabs' panels
 * come from the uploads feature through `panels`.
 */
export function ElectionPage({ panels = {} }: { panels?: ElectionPanels }) {
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const electionId = id ? Number(id) : null;
  const election = useElection(electionId);
  const wantedDistrict = Number(params.get('districtId')) || null;
  const districtId = election.data ? election.data.districtId : wantedDistrict;
  const district = useElectionDistrict(electionId === null ? districtId : null);
  // The tab lives in the address (`activetab`, as on the district page): a reload keeps it.
  const tab = (params.get('activetab') ?? 'Properties') as ElectionTab;
  const setTab = (next: ElectionTab) => {
    const kept = new URLSearchParams(params);
    if (next === 'Properties') kept.delete('activetab');
    else kept.set('activetab', next);
    setParams(kept, { replace: true });
  };
  const backTo = districtId ? `/elections?districtId=${districtId}` : '/elections';

  const header = (
    <PageHeader
      title={election.data?.name ?? (electionId ? 'Election' : 'New Election')}
      adornment={election.data && <RoleChip role={election.data.role} />}
      actions={<BackButton to={backTo} />}
    />
  );
  if (electionId !== null && election.error) {
    return (
      <>
        {header}
        <Alert severity="error">{errorMessage(election.error)}</Alert>
      </>
    );
  }
  const loading =
    electionId !== null ? election.isPending : districtId !== null && district.isPending;
  if (loading) return <FullPageSpinner />;
  const tabs = electionTabs(election.data);
  const shown = tabs.some((item) => item.value === tab && !item.disabled) ? tab : 'Properties';

  return (
    <>
      {header}
      <TabbedCard tabs={tabs} value={shown} onChange={setTab} label="Election">
        {shown === 'Properties' && (
          <ElectionPropertiesForm
            key={election.data?.id ?? 'new'}
            election={election.data}
            initialDistrict={district.data ?? null}
            backTo={backTo}
          />
        )}
        {election.data &&
          (shown === 'Files' || shown === 'FileUpload' || shown === 'UploadRequests') &&
          panels[shown]?.(election.data)}
        {shown === 'Users' && election.data && <ElectionUsersTab election={election.data} />}
        {shown === 'Audits' &&
          election.data &&
          (panels.Audits?.(election.data) ?? <ComingSoon what="The audits of this election" />)}
      </TabbedCard>
    </>
  );
}
