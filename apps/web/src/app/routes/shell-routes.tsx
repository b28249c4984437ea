import type { RouteObject } from 'react-router';
import { RedirectPlainUser } from '../guards/redirect-plain-user';
import { RequireAdmin } from '../guards/require-admin';
import { RequireAuth } from '../guards/require-auth';
import { RequirePlan } from '../guards/require-plan';
import { AppLayout } from '../layout/app-layout';
import { placeholder } from './placeholder';

const districts = () => import('../../features/districts/components/pages');
const elections = () => import('../../features/elections/components/pages');

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
        placeholder('projects', 'Projects'),
        placeholder('projects/success/:id', 'Project Donation Complete'),
        placeholder('projects/:name', 'Project'),
        placeholder('projects/:name/:id', 'Project'),
        {
          path: 'districts',
          lazy: async () => ({ Component: (await districts()).DistrictsListPage }),
        },
        {
          element: <RedirectPlainUser />,
          children: [
            {
              path: 'districts/new',
              lazy: async () => ({ Component: (await districts()).DistrictPage }),
            },
          ],
        },
        {
          path: 'districts/:id',
          lazy: async () => ({ Component: (await districts()).DistrictPage }),
        },
        {
          element: <RequirePlan />,
          children: [
            {
              path: 'elections',
              lazy: async () => ({ Component: (await elections()).ElectionsListPage }),
            },
            {
              path: 'elections/new',
              lazy: async () => ({ Component: (await elections()).ElectionPage }),
            },
            {
              path: 'elections/:id',
              lazy: async () => ({ Component: (await elections()).ElectionPage }),
            },
            placeholder('audit-jobs', 'Audit Jobs'),
          ],
        },
        placeholder('audit-jobs/:id', 'Audit Job'),
        placeholder('job-settings/new', 'New Job Settings'),
        placeholder('job-settings/:id', 'Job Settings'),
        placeholder('audit-donation', 'Donate'),
        placeholder('leaderboard', 'Leaderboard'),
        placeholder('subscription', 'Subscription'),
        placeholder('subscription/success/:id', 'Payment Received'),
        placeholder('subscription/cancle/:id', 'Payment Canceled'),
        {
          element: <RequireAdmin />,
          children: [
            placeholder('admin-board', 'Admin Board'),
            placeholder('packages', 'Audit Packages'),
            placeholder('tools', 'Tools'),
            placeholder('admin-audit-types', 'Audit Types'),
          ],
        },
      ],
    },
  ],
};
