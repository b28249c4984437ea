import type { RouteObject } from 'react-router';
import { PublicLayout } from '../layout/public-layout';

const uploads = () => import('../../features/uploads/components/pages');
const funding = () => import('../../features/funding/components/pages');

function outcome(path: string, kind: 'project' | 'audit'): RouteObject {
  return {
    path,
    lazy: async () => {
      const { PaymentSuccessPage } = await funding();
      return { Component: () => <PaymentSuccessPage kind={kind} /> };
    },
  };
}

/** Routes that never need login (spec part 1 and part 2). */
export const publicRoutes: RouteObject = {
  element: <PublicLayout />,
  children: [
    {
      path: 'upload/:id/:county',
      lazy: async () => ({ Component: (await uploads()).ElectionUploadLinkPage }),
    },
    {
      path: 'upload-district/:id/:county',
      lazy: async () => ({ Component: (await uploads()).DistrictUploadLinkPage }),
    },
    {
      path: 'general_upload',
      lazy: async () => ({ Component: (await uploads()).GeneralUploadPage }),
    },
    {
      path: 'public',
      lazy: async () => {
        const { AuditDonationPage } = await funding();
        return { Component: () => <AuditDonationPage title="Open Audits" /> };
      },
    },
    {
      path: 'public/audits/:id',
      lazy: async () => ({ Component: (await funding()).PublicAuditPage }),
    },
    outcome('public/success', 'audit'),
    {
      path: 'project/:name',
      lazy: async () => ({ Component: (await funding()).ProjectDonationPage }),
    },
    outcome('project/success/:id', 'project'),
    {
      path: 'project/cancle/:id',
      lazy: async () => ({ Component: (await funding()).ProjectCancelPage }),
    },
    outcome('audit-donation/success', 'audit'),
    // Payment-cancel pages: a visitor who donated without an account lands here too.
    {
      path: 'canceled',
      lazy: async () => {
        const { PaymentCancelPage } = await funding();
        return { Component: () => <PaymentCancelPage kind="audit" /> };
      },
    },
    {
      path: 'donation-canceled/:id',
      lazy: async () => ({ Component: (await funding()).ProjectCancelPage }),
    },
  ],
};
