import type { MutateOptions } from '@tanstack/react-query';
import { errorMessage } from '../lib/api-error';
import { ConfirmDialog } from './confirm-dialog';
import { useNotify } from './notifications/use-notify';

interface ConfirmDeleteDialogProps<Id> {
  /** What Delete would remove; null keeps the dialog closed. */
  target: { id: Id; name: string } | null;
  /** The delete mutation; its answer's message is shown once it is done. */
  remove: {
    mutate: (id: Id, options: MutateOptions<{ message: string }, Error, Id>) => void;
    isPending: boolean;
  };
  onClose: () => void;
  onDeleted?: () => void;
}

/** Asks before deleting a record, deletes it, reports the outcome and closes either way. */
export function ConfirmDeleteDialog<Id>({
  target,
  remove,
  onClose,
  onDeleted,
}: ConfirmDeleteDialogProps<Id>) {
  const notify = useNotify();
  return (
    <ConfirmDialog
      open={target !== null}
      title={`Are you sure deleting ${target?.name ?? ''} ?`}
      confirmLabel="Delete"
      danger
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        target &&
        remove.mutate(target.id, {
          onSuccess: (answer) => {
            notify.success(answer.message);
            onDeleted?.();
          },
          onError: (error) => notify.error(errorMessage(error)),
          onSettled: onClose,
        })
      }
    />
  );
}
