import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '../components/full-page-spinner';
import { NotFoundPage } from '../components/not-found-page';
import { RouteErrorPage } from '../components/route-error-page';
import { authRoutes } from './routes/auth-routes';
import { publicRoutes } from './routes/public-routes';
import { shellRoutes } from './routes/shell-routes';

export const router = createBrowserRouter([
  {
    element: <Outlet />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      authRoutes,
      publicRoutes,
      shellRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
