import type { AppDeps } from '../platform/deps.js';
import { markOutOfDateFrom } from '../modules/operations/index.js';

/**
 * Saved job settings change what a stage makes: the built stage they belong to (every built
 * stage when the whole JOB file was saved) and every later built stage become out of date
 * (built-new). Answers the save's message, naming them.
 */
export async function markSettingsChanged(
  deps: AppDeps,
  jobId: number,
  stage: string | undefined,
  message: string,
): Promise<string> {
  const stale = await markOutOfDateFrom(deps.database.db, jobId, stage);
  if (stale.length === 0) return message;
  return `${message}. Out of date now (built-new): ${stale.join(', ')}; rerun them to bring their results up to date.`;
}
