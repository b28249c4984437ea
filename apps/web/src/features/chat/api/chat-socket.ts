import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH, type ChatPush, type SocketAck } from '@scrutineer/contracts';
import { refreshSession } from '../../../lib/api-client';
import { getSession, needsRenewal } from '../../../lib/session';
import { applyPush } from './chat-cache';

export type ChatEmit = (event: string, payload: unknown) => Promise<SocketAck>;

/**
 * The live chat connection while a job's discussion is open. It signs in with the current
 * access token, renews the token when the server refuses it, and writes every push into the
 * query cache so the screens re-render.
 */
export function useChatSocket(jobId: number): { connected: boolean; emit: ChatEmit } {
  const queryClient = useQueryClient();
  const socketRef = useRef<Socket | null>(null);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    const socket = io({
      path: SOCKET_PATH,
      transports: ['websocket'],
      auth: (send) => send({ token: getSession()?.access_token ?? '' }),
    });
    socketRef.current = socket;
    socket.on('connect', () => setConnected(true));
    socket.on('disconnect', (reason) => {
      setConnected(false);
      // The server ends a connection when its token expires: come back with a fresh one.
      if (reason === 'io server disconnect') {
        void (needsRenewal() ? refreshSession() : Promise.resolve(true)).then(
          (ok) => ok && socket.connect(),
        );
      }
    });
    socket.on('connect_error', () => {
      if (!socket.active) void refreshSession().then((ok) => ok && socket.connect());
    });
    socket.on('MESSAGE', (push: ChatPush) => applyPush(queryClient, jobId, push));
    return () => {
      socket.close();
      socketRef.current = null;
    };
  }, [jobId, queryClient]);

  const emit = useCallback<ChatEmit>(async (event, payload) => {
    const socket = socketRef.current;
    if (!socket?.connected) return { ok: false, error: 'Not connected. Please try again.' };
    try {
      return (await socket.timeout(15_000).emitWithAck(event, payload)) as SocketAck;
    } catch {
      return { ok: false, error: 'The server did not answer. Please try again.' };
    }
  }, []);

  return { connected, emit };
}
