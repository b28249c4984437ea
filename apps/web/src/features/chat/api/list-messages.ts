import { useInfiniteQuery } from '@tanstack/react-query';
import { CHAT_LIMITS, chatRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

/**
 * A room's messages: the first page is the newest 20, each next page the 20 before it. The
 * cursor is a message id, so messages arriving meanwhile never shift a page.
 */
export function useMessages(roomId: number) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(roomId),
    queryFn: ({ pageParam, signal }) =>
      api.call(chatRoutes.messages, {
        params: { id: roomId },
        query: { limit: CHAT_LIMITS.messagesPerPage, ...(pageParam ? { before: pageParam } : {}) },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (page) => page.next_before ?? undefined,
    // Live pushes keep the pages current; refetching would drop pages scrolled back to.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
