import { useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import type { District } from '@scrutineer/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useDeleteDistrict } from '../api/delete-district';

/** Delete, after the spec's question; a district that still has elections is refused. */
export function DeleteDistrictButton({ district }: { district: District }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const remove = useDeleteDistrict();
  const [asking, setAsking] = useState(false);

  const confirm = () =>
    remove.mutate(district.id, {
      onSuccess: (answer) => {
        notify.success(answer.message);
        void navigate('/districts', { replace: true });
      },
      onError: (error) => notify.error(errorMessage(error)),
      onSettled: () => setAsking(false),
    });

  return (
    <>
      <Button variant="outlined" color="error" onClick={() => setAsking(true)}>
        Delete
      </Button>
      <ConfirmDialog
        open={asking}
        title={`Are you sure deleting ${district.name} ?`}
        confirmLabel="Delete"
        danger
        pending={remove.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
