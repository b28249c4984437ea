import { PageHeader } from '../../../components/page-header';
import { AuditTypesTab } from './audit-types-tab';

/** /admin-audit-types: the Audit Types tab of the Admin board as a page of its own. */
export function AuditTypesPage() {
  return (
    <>
      <PageHeader
        title="Audit Types"
        subtitle="The kinds of audit and the arguments their job settings follow."
      />
      <AuditTypesTab />
    </>
  );
}
