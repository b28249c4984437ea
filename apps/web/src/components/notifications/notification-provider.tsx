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
  const [{ items, open }, setState] = useState<{ items: Toast[]; open: boolean }>({
    items: [],
    open: false,
  });
  const toast = items[0];

  // A newer toast closes the one on screen, so the latest news is never kept waiting.
  const push = useCallback((severity: NotificationSeverity, message: string) => {
    setState((state) => ({
      items: [...state.items, { id: nextId++, message, severity }],
      open: state.items.length === 0,
    }));
  }, []);

  const notifier = useMemo<Notifier>(
    () => ({
      success: (message) => push('success', message),
      error: (message) => push('error', message),
      info: (message) => push('info', message),
      clear: () => setState({ items: [], open: false }),
    }),
    [push],
  );

  const close = (_event?: unknown, reason?: string) => {
    if (reason !== 'clickaway') setState((state) => ({ ...state, open: false }));
  };

  const next = () => setState((state) => ({ items: state.items.slice(1), open: true }));

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
