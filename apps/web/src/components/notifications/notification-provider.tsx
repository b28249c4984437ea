import { useCallback, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { TIMINGS } from '@scrutineer/contracts';
import {
  NotificationContext,
  type NotificationSeverity,
  type Notifier,
} from './notification-context';

interface Toast {
  id: number;
  message: string;
  severity: NotificationSeverity;
}

const DURATION_MS: Record<NotificationSeverity, number> = {
  success: 3000,
  info: 3000,
  error: TIMINGS.errorToastMs,
};

let nextId = 1;

/** Queues toasts and shows them one at a time, bottom centre. */
export function NotificationProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Toast[]>([]);
  const [open, setOpen] = useState(true);
  const toast = queue[0];

  const push = useCallback((severity: NotificationSeverity, message: string) => {
    setQueue((items) => [...items, { id: nextId++, message, severity }]);
    setOpen(true);
  }, []);

  const notifier = useMemo<Notifier>(
    () => ({
      success: (message) => push('success', message),
      error: (message) => push('error', message),
      info: (message) => push('info', message),
    }),
    [push],
  );

  const close = (_event?: unknown, reason?: string) => {
    if (reason !== 'clickaway') setOpen(false);
  };

  const next = () => {
    setQueue((items) => items.slice(1));
    setOpen(true);
  };

  return (
    <NotificationContext.Provider value={notifier}>
      {children}
      {toast && (
        <Snackbar
          key={toast.id}
          open={open}
          autoHideDuration={DURATION_MS[toast.severity]}
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          slotProps={{ transition: { onExited: next } }}
        >
          <Alert
            severity={toast.severity}
            variant="filled"
            onClose={() => close()}
            sx={{ minWidth: 280, boxShadow: 6 }}
          >
            {toast.message}
          </Alert>
        </Snackbar>
      )}
    </NotificationContext.Provider>
  );
}
