import type { RouteObject } from 'react-router';
import type { AuditJob, Election } from '@scrutineer/contracts';
import { RedirectPlainUser } from '../guards/redirect-plain-user';
import { RequireAdmin } from '../guards/require-admin';
import { RequireAuth } from '../guards/require-auth';
import { AdminOnly } from '../guards/admin-only';
import { RequirePlan } from '../guards/require-plan';
import { AppLayout } from '../layout/app-layout';

const districts = () => import('../../features/districts/components/pages');
const elections = () => import('../../features/elections/components/pages');
const uploads = () => import('../../features/uploads/components/pages');
const auditJobs = () => import('../../features/audit-jobs/components/pages');
const funding = () => import('../../features/funding/components/pages');
const chat = () => import('../../features/chat/components/pages');
const operations = () => import('../../features/operations/components/pages');
const tools = () => import('../../features/tools/components/pages');
const rla = () => import('../../features/rla/components/pages');
const templates = () => import('../../features/templates/components/pages');
const adjudication = () => import('../../features/adjudication/components/pages');
const restartRds = () => import('../../features/admin/components/restart-rds-button');

/** The audit job page with the operations, chat and tools features' tabs. */
async function auditJobPage() {
  const [
    { AuditJobPage, StageSettingsDialog },
    { OperationsPanel },
    { DiscussionPanel },
    { ToolsPanel },
    { RestartRdsButton },
    { RlaPanel },
    { TemplatesPanel },
    { AdjudicationPanel },
  ] = await Promise.all([
    auditJobs(),
    operations(),
    chat(),
    tools(),
    restartRds(),
    rla(),
    templates(),
    adjudication(),
  ]);
  const panels = {
    operations: (job: AuditJob) => (
      <OperationsPanel
        job={job}
        stageSettings={(stage, onClose) => (
          <StageSettingsDialog job={job} stage={stage} onClose={onClose} />
        )}
      />
    ),
    discussion: (job: AuditJob) => <DiscussionPanel jobId={job.id} />,
    rla: (job: AuditJob) => <RlaPanel job={job} />,
    templates: (job: AuditJob) => <TemplatesPanel job={job} />,
    adjudication: (job: AuditJob) => <AdjudicationPanel job={job} />,
    tools: (job: AuditJob) => (
      <ToolsPanel
        jobId={job.id}
        restart={
          <AdminOnly>
            <RestartRdsButton />
          </AdminOnly>
        }
      />
    ),
  };
  return { Component: () => <AuditJobPage panels={panels} /> };
}

/** The election page with the uploads feature's file tabs. */
async function electionPage() {
  const [{ ElectionPage }, { electionUploadPanels }, { ElectionAuditsPanel }] = await Promise.all([
    elections(),
    uploads(),
    auditJobs(),
  ]);
  const panels = {
    ...electionUploadPanels,
    Audits: (election: Election) => <ElectionAuditsPanel election={election} />,
  };
  return { Component: () => <ElectionPage panels={panels} /> };
}

/** The district page with its File Upload and Upload Requests tabs. */
async function districtPage() {
  const [{ DistrictPage }, { districtUploadPanels }] = await Promise.all([districts(), uploads()]);
  return { Component: () => <DistrictPage panels={districtUploadPanels} /> };
}

/** Login-required routes inside the drawer layout (spec part 3, "Full route table"). */
export const shellRoutes: RouteObject = {
  element: <RequireAuth />,
  children: [
    {
      element: <AppLayout />,
      children: [
        {
          path: 'home',
          lazy: async () => ({
            Component: (await import('../../features/home/components/home-page')).HomePage,
          }),
        },
        {
          path: 'account-settings',
          lazy: async () => ({
            Component: (await import('../../features/profile/components/account-settings-page'))
              .AccountSettingsPage,
          }),
        },
        { path: 'projects', lazy: async () => ({ Component: (await funding()).ProjectsListPage }) },
        {
          path: 'projects/success/:id',
          lazy: async () => {
            const { PaymentSuccessPage } = await funding();
            return { Component: () => <PaymentSuccessPage kind="project" /> };
          },
        },
        {
          path: 'projects/:name',
          lazy: async () => ({ Component: (await funding()).ProjectDonationPage }),
        },
        {
          path: 'projects/:name/:id',
          lazy: async () => {
            const { ProjectDonationPage } = await funding();
            return { Component: () => <ProjectDonationPage initialTab="elections" /> };
          },
        },
        {
          path: 'districts',
          lazy: async () => ({ Component: (await districts()).DistrictsListPage }),
        },
        {
          element: <RedirectPlainUser />,
          children: [{ path: 'districts/new', lazy: districtPage }],
        },
        { path: 'districts/:id', lazy: districtPage },
        {
          element: <RequirePlan />,
          children: [
            {
              path: 'elections',
              lazy: async () => ({ Component: (await elections()).ElectionsListPage }),
            },
            { path: 'elections/new', lazy: electionPage },
            { path: 'elections/:id', lazy: electionPage },
            {
              path: 'audit-jobs',
              lazy: async () => ({ Component: (await auditJobs()).AuditJobsListPage }),
            },
          ],
        },
        { path: 'audit-jobs/:id', lazy: auditJobPage },
        {
          path: 'job-settings/new',
          lazy: async () => ({ Component: (await auditJobs()).JobSettingsPage }),
        },
        {
          path: 'job-settings/:id',
          lazy: async () => ({ Component: (await auditJobs()).JobSettingsPage }),
        },
        {
          path: 'audit-donation',
          lazy: async () => ({ Component: (await funding()).AuditDonationPage }),
        },
        {
          path: 'leaderboard',
          lazy: async () => ({
            Component: (await import('../../features/leaderboard/components/pages'))
              .LeaderboardPage,
          }),
        },
        {
          path: 'subscription',
          lazy: async () => ({ Component: (await funding()).SubscriptionPage }),
        },
        {
          path: 'subscription/success/:id',
          lazy: async () => {
            const { PaymentSuccessPage } = await funding();
            return { Component: () => <PaymentSuccessPage kind="package" /> };
          },
        },
        {
          path: 'subscription/cancle/:id',
          lazy: async () => {
            const { PaymentCancelPage } = await funding();
            return { Component: () => <PaymentCancelPage kind="package" /> };
          },
        },
        {
          element: <RequireAdmin />,
          children: [
            {
              path: 'admin-board',
              lazy: async () => ({
                Component: (await import('../../features/admin/components/pages')).AdminBoardPage,
              }),
            },
            { path: 'packages', lazy: async () => ({ Component: (await funding()).PackagesPage }) },
            {
              path: 'tools',
              lazy: async () => {
                const [{ ToolsPage }, { RestartRdsButton }] = await Promise.all([
                  tools(),
                  restartRds(),
                ]);
                return { Component: () => <ToolsPage restart={<RestartRdsButton />} /> };
              },
            },
            {
              path: 'admin-audit-types',
              lazy: async () => ({
                Component: (await import('../../features/admin/components/pages')).AuditTypesPage,
              }),
            },
          ],
        },
      ],
    },
  ],
};
