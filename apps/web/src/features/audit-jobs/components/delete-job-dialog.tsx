import type { AuditJob } from '@scrutineer/contracts';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { useDeleteJob } from '../api/jobs';

/** Asks before the job's Auditor deletes it with its files. */
export function DeleteJobDialog({ job, onClose }: { job: AuditJob | null; onClose: () => void }) {
  const remove = useDeleteJob();
  return (
    <ConfirmDeleteDialog
      target={job && { id: job.id, name: job.name }}
      remove={remove}
      onClose={onClose}
    />
  );
}
