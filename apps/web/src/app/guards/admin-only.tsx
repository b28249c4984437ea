import type { ReactNode } from 'react';
import { useAccess } from './use-access';

/** Shows its children to Admins only (the UI hides; the server refuses). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { role } = useAccess();
  return role === 'Admin' ? children : null;
}
