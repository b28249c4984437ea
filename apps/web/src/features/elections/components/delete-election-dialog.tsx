import type { Election } from '@scrutineer/contracts';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { useDeleteElection } from '../api/delete-election';

interface DeleteElectionDialogProps {
  election: Election | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** Asks before an Auditor deletes an election with its memberships. */
export function DeleteElectionDialog({ election, onClose, onDeleted }: DeleteElectionDialogProps) {
  const remove = useDeleteElection();
  return (
    <ConfirmDeleteDialog
      target={election && { id: election.id, name: election.name }}
      remove={remove}
      onClose={onClose}
      onDeleted={onDeleted}
    />
  );
}
