import { createContext } from 'react';

export type NotificationSeverity = 'success' | 'error' | 'info';

export interface Notifier {
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
  /** Drops every toast, shown or waiting: news from a page the user has left. */
  clear: () => void;
}

export const NotificationContext = createContext<Notifier | null>(null);
