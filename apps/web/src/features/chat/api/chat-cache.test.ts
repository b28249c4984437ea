import { describe, expect, it } from 'vitest';
import { InfiniteQueryObserver, QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ChatMessage, MessagePage } from '@scrutineer/contracts';
import { applyPush } from './chat-cache';
import { chatKeys } from './chat-keys';

const ROOM = 5;

function message(id: number, content: string): ChatMessage {
  return {
    id,
    content,
    timestamp: '2026-11-27T20:00:00.000Z',
    users: null,
    rooms: { id: ROOM },
    files: [],
    reactions: {},
    replyMessage: null,
    seen: {},
    edited: null,
    deleted: null,
  };
}

/** A room's open message list whose server answers with `stored` as it is when asked. */
function openRoom(stored: ChatMessage[]) {
  const queryClient = new QueryClient();
  let answer: (() => void) | undefined;
  const observer = new InfiniteQueryObserver<
    MessagePage,
    Error,
    InfiniteData<MessagePage, number>,
    readonly unknown[],
    number
  >(queryClient, {
    queryKey: chatKeys.messages(ROOM),
    queryFn: () => {
      const snapshot = [...stored];
      return new Promise<MessagePage>((resolve) => {
        answer = () => resolve({ items: snapshot, next_before: null });
      });
    },
    initialPageParam: 0,
    getNextPageParam: () => undefined,
    staleTime: Infinity,
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return {
    queryClient,
    answer: () => answer?.(),
    contents: () =>
      observer.getCurrentResult().data?.pages.flatMap((p) => p.items.map((m) => m.content)),
    unsubscribe,
  };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('live chat messages', () => {
  it('keeps a message that arrives while the room is being opened', async () => {
    const stored = [message(1, 'earlier')];
    const room = openRoom(stored);
    await settled();
    // The message is saved and pushed after the room's first page was asked for.
    stored.push(message(2, 'Erin, please recount precinct 7'));
    applyPush(room.queryClient, 1, { type: 'message', message: stored[1]! });
    room.answer();
    await settled();
    room.answer();
    await settled();
    expect(room.contents()).toEqual(['earlier', 'Erin, please recount precinct 7']);
    room.unsubscribe();
  });

  it('adds a pushed message to a room already open', async () => {
    const room = openRoom([message(1, 'earlier')]);
    await settled();
    room.answer();
    await settled();
    applyPush(room.queryClient, 1, { type: 'message', message: message(2, 'next') });
    expect(room.contents()).toEqual(['earlier', 'next']);
    room.unsubscribe();
  });
});
