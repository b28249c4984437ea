import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useNotify } from '../../../components/notifications/use-notify';
import type { UploadQueue } from '../uploader/upload-queue';

/** Toasts each finished upload in the spec's words and refreshes the list it lands in. */
export function useUploadNotices(queue: UploadQueue, refresh: QueryKey) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queue.onSettled((row, status) => {
        const name = row.file.name;
        if (status === 'Success') notify.success(`${name} uploaded!`);
        else if (status === 'Failed') notify.error(`${name} upload failed!`);
        else if (status === 'Canceled') notify.info(`${name} upload canceled!`);
        void queryClient.invalidateQueries({ queryKey: refresh });
      }),
    [queue, notify, queryClient, refresh],
  );
}
