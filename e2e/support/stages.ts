import { expect, type APIRequestContext } from '@playwright/test';
import { apiCall } from './uploads';

interface Stage {
  operation: string;
  status: string;
  reports: { text: string; url: string }[];
}

/** The job's stages as its operations tab lists them. */
export async function jobStages(request: APIRequestContext, token: string, jobId: number) {
  return (await apiCall<{ items: Stage[] }>(request, token, 'GET', `/job-operations/${jobId}`))
    .items;
}

/** Waits for a run to leave RUNNING; a stage busy in the server's process may answer slowly. */
export async function waitFor(request: APIRequestContext, token: string, operationId: string) {
  let status = 'RUNNING';
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/job-operations/refresh_status/${operationId}`, {
          headers: { authorization: `Bearer ${token}` },
          timeout: 170_000,
        });
        status = ((await answer.json()) as { status: string }).status;
        return status;
      },
      { timeout: 300_000, intervals: [250, 500] },
    )
    .not.toBe('RUNNING');
  return status;
}

const BUILT = ['built', 'SUCCESS', 'built-new', 'PROBLEMS'];

/**
 * Runs the stages in order through the API, as the job's Auditor would from the operations tab:
 * a stage built and up to date (SUCCESS) is left as it is unless `rerun` names it; one out of
 * date (built-new) is rerun.
 */
export async function runStages(
  request: APIRequestContext,
  token: string,
  jobId: number,
  stages: string[],
  rerun: string[] = [],
) {
  for (const operation of stages) {
    const current = (await jobStages(request, token, jobId)).find((s) => s.operation === operation);
    const status = current?.status ?? '';
    if (status === 'SUCCESS' && !rerun.includes(operation)) continue;
    const launched = await apiCall<{ operation_id: string }>(
      request,
      token,
      'POST',
      '/job-operations',
      { job_id: jobId, operation, action: BUILT.includes(status) ? 'rerun' : 'run' },
      200,
    );
    expect([operation, await waitFor(request, token, launched.operation_id)]).toEqual([
      operation,
      'SUCCESS',
    ]);
  }
}
