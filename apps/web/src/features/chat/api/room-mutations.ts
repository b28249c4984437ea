import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { jobKeys } from '../../audit-jobs/api/job-keys';
import { chatKeys } from './chat-keys';

function useRoomMutation<I, R>(jobId: number, run: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.rooms(jobId) }),
  });
}

/** Add Room (Admin). */
export const useAddRoom = (jobId: number) =>
  useRoomMutation(jobId, (input: { name: string; users: number[] }) =>
    api.call(chatRoutes.addRoom, {
      body: {
        name: input.name,
        job_id: jobId,
        lastUpdated: new Date().toISOString(),
        users: input.users,
      },
    }),
  );

/** Invite Users and Remove Users (Admin): sends the room's new member list. */
export const useSetRoomUsers = (jobId: number) =>
  useRoomMutation(jobId, (input: { roomId: number; users: number[] }) =>
    api.call(chatRoutes.updateRoomUsers, {
      params: { id: input.roomId },
      body: { users: input.users },
    }),
  );

/** Update Room (Admin). */
export const useUpdateRoom = (jobId: number) =>
  useRoomMutation(jobId, (input: { roomId: number; name: string }) =>
    api.call(chatRoutes.updateRoom, {
      params: { id: input.roomId },
      body: { name: input.name, lastUpdated: new Date().toISOString() },
    }),
  );

export const useDeleteRoom = (jobId: number) =>
  useRoomMutation(jobId, (roomId: number) =>
    api.call(chatRoutes.deleteRoom, { params: { id: roomId } }),
  );

/** Export Messages (Admin): the room's history becomes a job attachment. */
export function useExportMessages(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roomId: number) =>
      api.call(chatRoutes.reportExport, {
        body: { job_id: jobId, export_data: { room_id: roomId } },
      }),
    // The job page's attachment list shows the new file without a reload.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.attachments(jobId) }),
  });
}

export function markSeen(input: { messageId: number; roomId: number; userId: number }) {
  return api.call(chatRoutes.markSeen, {
    body: {
      message_id: input.messageId,
      room_id: input.roomId,
      user_id: input.userId,
      c_time: new Date().toISOString(),
    },
  });
}
