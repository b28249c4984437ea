import type { Election } from '@scrutineer/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useDeleteElection } from '../api/delete-election';

interface DeleteElectionDialogProps {
  election: Election | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** Asks before an Auditor deletes an election with its memberships. */
export function DeleteElectionDialog({ election, onClose, onDeleted }: DeleteElectionDialogProps) {
  const notify = useNotify();
  const remove = useDeleteElection();

  const confirm = () => {
    if (!election) return;
    remove.mutate(election.id, {
      onSuccess: (answer) => {
        notify.success(answer.message);
        onDeleted?.();
      },
      onError: (error) => notify.error(errorMessage(error)),
      onSettled: onClose,
    });
  };

  return (
    <ConfirmDialog
      open={election !== null}
      title={`Are you sure deleting ${election?.name ?? ''} ?`}
      confirmLabel="Delete"
      danger
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
