import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatPush, MessagePage, RoomPage } from '@scrutineer/contracts';
import { chatKeys } from './chat-keys';

type Messages = InfiniteData<MessagePage, number>;
type Rooms = InfiniteData<RoomPage, number>;

const mapItems = (data: Messages, change: (m: ChatMessage) => ChatMessage): Messages => ({
  ...data,
  pages: data.pages.map((page) => ({ ...page, items: page.items.map(change) })),
});

/**
 * Reads a query again now. A fetch already under way may have been answered before the change
 * that calls for this; invalidating alone would wait for it when nothing is cached yet.
 */
function refetchNow(queryClient: QueryClient, queryKey: readonly unknown[]): void {
  void queryClient
    .cancelQueries({ queryKey, exact: true })
    .then(() => queryClient.invalidateQueries({ queryKey, exact: true }));
}

/**
 * Changes a room's loaded messages. While the room's pages are being fetched, a change made
 * to the cache would be overwritten by an answer read before it happened, so the fetch is
 * started again instead (the new answer holds the change).
 */
function changeMessages(
  queryClient: QueryClient,
  roomId: number,
  change: (data: Messages) => Messages,
): void {
  const queryKey = chatKeys.messages(roomId);
  if (queryClient.getQueryState(queryKey)?.fetchStatus === 'fetching') {
    refetchNow(queryClient, queryKey);
    return;
  }
  queryClient.setQueryData<Messages>(queryKey, (data) => (data ? change(data) : data));
}

/** Puts a message into the loaded pages: replaces it where it is, else adds it as the newest. */
export function upsertMessage(queryClient: QueryClient, message: ChatMessage): void {
  changeMessages(queryClient, message.rooms.id, (data) => {
    const known = data.pages.some((page) => page.items.some((m) => m.id === message.id));
    if (known) return mapItems(data, (m) => (m.id === message.id ? message : m));
    const [newest, ...older] = data.pages;
    if (!newest) return data;
    const items = [...newest.items, message].sort((a, b) => a.id - b.id);
    return { ...data, pages: [{ ...newest, items }, ...older] };
  });
}

/** Applies one live push to the cached rooms and messages; answers whether rooms changed. */
export function applyPush(queryClient: QueryClient, jobId: number, push: ChatPush): void {
  switch (push.type) {
    case 'message':
    case 'update':
      upsertMessage(queryClient, push.message);
      return;
    case 'seen':
      changeMessages(queryClient, push.room_id, (data) =>
        mapItems(data, (m) =>
          m.id <= push.message_id && m.users?.id !== push.user_id && !m.seen[String(push.user_id)]
            ? { ...m, seen: { ...m.seen, [String(push.user_id)]: push.c_time } }
            : m,
        ),
      );
      return;
    case 'room':
      if (push.room.audits.id !== jobId) return;
      refetchNow(queryClient, chatKeys.rooms(jobId));
      return;
    case 'room-removed':
      queryClient.setQueryData<Rooms>(chatKeys.rooms(jobId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.filter((room) => room.id !== push.room_id),
              })),
            }
          : data,
      );
      queryClient.removeQueries({ queryKey: chatKeys.messages(push.room_id) });
      return;
  }
}
