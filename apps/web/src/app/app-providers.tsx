import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { NotificationProvider } from '../components/notifications/notification-provider';
import { queryClient } from '../lib/query-client';
import { ServiceWorkerToast } from './service-worker-toast';
import { theme } from './theme';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={queryClient}>
        <NotificationProvider>{children}</NotificationProvider>
        <ServiceWorkerToast />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
