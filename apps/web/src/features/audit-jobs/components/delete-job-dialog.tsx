import type { AuditJob } from '@scrutineer/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useDeleteJob } from '../api/jobs';

/** Asks before the job's Auditor deletes it with its files. */
export function DeleteJobDialog({ job, onClose }: { job: AuditJob | null; onClose: () => void }) {
  const notify = useNotify();
  const remove = useDeleteJob();
  const confirm = () => {
    if (!job) return;
    remove.mutate(job.id, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.error(errorMessage(error)),
      onSettled: onClose,
    });
  };
  return (
    <ConfirmDialog
      open={job !== null}
      title={`Are you sure deleting ${job?.name ?? ''} ?`}
      confirmLabel="Delete"
      danger
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
