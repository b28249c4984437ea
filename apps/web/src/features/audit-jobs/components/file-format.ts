import { formatDateTime } from '../../../lib/dates';

/** Sizes as the spec shows them: B, KB (1024), MB, GB with 2 decimals. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1_073_741_824) return `${(bytes / 1_073_741_824).toFixed(2)} GB`;
  if (bytes >= 1_048_576) return `${(bytes / 1_048_576).toFixed(2)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(2)} KB`;
  return `${bytes} B`;
}

/** Timestamps in en-GB format (spec part 3 §9). */
export function formatTimestamp(value: string): string {
  return formatDateTime(value);
}
