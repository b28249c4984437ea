import { useInfiniteQuery } from '@tanstack/react-query';
import { CHAT_LIMITS, chatRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

/** The job's rooms the user belongs to (all for an Admin), 15 a page, newest first. */
export function useRooms(jobId: number) {
  return useInfiniteQuery({
    queryKey: chatKeys.rooms(jobId),
    queryFn: ({ pageParam, signal }) =>
      api.call(chatRoutes.rooms, {
        params: { id: jobId },
        query: { limit: CHAT_LIMITS.roomsPerPage, ...(pageParam ? { before: pageParam } : {}) },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (page) => page.next_before ?? undefined,
  });
}
