import type { ChatUser } from '@scrutineer/contracts';
import { formatDateTime } from '../../../lib/dates';

/** Times in en-GB format, as the spec shows timestamps. */
export const formatTime = (iso: string): string => formatDateTime(iso);

export function formatSize(bytes: number): string {
  if (bytes >= 1_073_741_824) return `${(bytes / 1_073_741_824).toFixed(2)} GB`;
  if (bytes >= 1_048_576) return `${(bytes / 1_048_576).toFixed(2)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(2)} KB`;
  return `${bytes.toFixed(2)} B`;
}

export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export const personName = (user: ChatUser | null | undefined): string =>
  user ? `${user.first_name} ${user.last_name}`.trim() || user.email : 'Removed account';
