import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { io } from 'socket.io-client';
import {
  JOB_PROGRESS_EVENTS,
  SOCKET_PATH,
  type JobProgress,
  type OperationList,
} from '@scrutineer/contracts';
import { refreshSession } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';
import { operationKeys } from './operation-keys';

/**
 * Writes a pushed progress into the cached stage list: a running stage's percent changes in
 * place; a stage whose status changed is read again in full (its reports and actions change).
 */
export function applyProgress(queryClient: QueryClient, progress: JobProgress): void {
  const key = operationKeys.list(progress.job_id);
  const cached = queryClient.getQueryData<OperationList>(key);
  if (!cached) return;
  const moved = progress.operations.some((p) => {
    const item = cached.items.find((i) => i.operation === p.operation);
    return item && (item.status !== p.status || item.operation_id !== p.operation_id);
  });
  if (moved) {
    void queryClient.invalidateQueries({ queryKey: key });
    return;
  }
  queryClient.setQueryData<OperationList>(key, {
    ...cached,
    items: cached.items.map((item) => {
      const pushed = progress.operations.find((p) => p.operation === item.operation);
      return pushed && item.status === 'RUNNING' ? { ...item, percent: pushed.percent } : item;
    }),
  });
}

/**
 * Hears a job's progress on the live connection while its page is open; answers whether the
 * connection watches the job, so the page polls only when it does not.
 */
export function useJobProgress(jobId: number): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    const socket = io({
      path: SOCKET_PATH,
      transports: ['websocket'],
      auth: (send) => send({ token: getSession()?.access_token ?? '' }),
    });
    socket.on('connect', () => {
      socket.emit(JOB_PROGRESS_EVENTS.watch, { job_id: jobId }, (answer: { ok: boolean }) =>
        setLive(answer.ok),
      );
    });
    socket.on('disconnect', (reason) => {
      setLive(false);
      // The server ends a connection when its token expires: come back with a fresh one.
      if (reason === 'io server disconnect')
        void refreshSession().then((ok) => ok && socket.connect());
    });
    socket.on('connect_error', () => {
      if (!socket.active) void refreshSession().then((ok) => ok && socket.connect());
    });
    socket.on(JOB_PROGRESS_EVENTS.progress, (progress: JobProgress) => {
      if (progress.job_id === jobId) applyProgress(queryClient, progress);
    });
    return () => {
      socket.close();
      setLive(false);
    };
  }, [jobId, queryClient]);
  return live;
}
