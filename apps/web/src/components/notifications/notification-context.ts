import { createContext } from 'react';

export type NotificationSeverity = 'success' | 'error' | 'info';

export interface Notifier {
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
}

export const NotificationContext = createContext<Notifier | null>(null);
