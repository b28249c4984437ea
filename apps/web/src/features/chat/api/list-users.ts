import { useQuery } from '@tanstack/react-query';
import { chatRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

/** People who can open the job: who may be invited to its rooms. */
export function useJobPeople(jobId: number, enabled = true) {
  return useQuery({
    queryKey: chatKeys.users(jobId),
    queryFn: ({ signal }) =>
      api.call(chatRoutes.usersList, { query: { job_id: String(jobId) }, signal }),
    enabled,
  });
}
