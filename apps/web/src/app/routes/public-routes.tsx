import type { RouteObject } from 'react-router';
import { PublicLayout } from '../layout/public-layout';
import { placeholder } from './placeholder';

/** Routes that never need login (spec part 1 and part 2). */
export const publicRoutes: RouteObject = {
  element: <PublicLayout />,
  children: [
    placeholder('upload/:id/:county', 'Upload Election Files'),
    placeholder('upload-district/:id/:county', 'Upload District Files'),
    placeholder('general_upload', 'General Upload'),
    placeholder('public', 'Open Audits'),
    placeholder('public/audits/:id', 'Audit'),
    placeholder('public/success', 'Donation Complete'),
    placeholder('project/:name', 'Project Donation'),
    placeholder('project/success/:id', 'Project Donation Complete'),
    placeholder('project/cancle/:id', 'Project Donation Canceled'),
    placeholder('audit-donation/success', 'Donation Complete'),
    // Payment-cancel pages: a visitor who donated without an account lands here too.
    placeholder('canceled', 'Payment Canceled'),
    placeholder('donation-canceled/:id', 'Donation Canceled'),
  ],
};
