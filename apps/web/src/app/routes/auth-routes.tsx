import type { RouteObject } from 'react-router';
import { GuestOnly } from '../guards/guest-only';
import { AuthLayout } from '../layout/auth-layout';

const auth = () => import('../../features/auth/components/pages');

/** /session/* and /verify/:token: no login needed, no page transition. */
export const authRoutes: RouteObject = {
  element: <AuthLayout />,
  children: [
    {
      element: <GuestOnly />,
      children: [
        { path: 'session/login', lazy: async () => ({ Component: (await auth()).LoginPage }) },
        { path: 'session/signup', lazy: async () => ({ Component: (await auth()).SignupPage }) },
      ],
    },
    {
      path: 'session/registered',
      lazy: async () => ({ Component: (await auth()).RegisteredPage }),
    },
    {
      path: 'session/reset-password',
      lazy: async () => ({ Component: (await auth()).ResetPasswordPage }),
    },
    {
      path: 'session/set-newpassword/:forgotkey/:userid',
      lazy: async () => ({ Component: (await auth()).SetNewPasswordPage }),
    },
    { path: 'verify/:token', lazy: async () => ({ Component: (await auth()).VerifyPage }) },
  ],
};
