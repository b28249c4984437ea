import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import {
  SHARED_SETTING_FILE,
  useSaveSharedSettings,
  useSharedSettings,
} from '../api/shared-settings';
import { JsonEditorDialog } from './json-editor-dialog';

/** The JSON settings editor for Audit_jobs_setting.json (saved by an Admin, read by others). */
export function SharedSettingsDialog({
  open,
  isAdmin,
  onClose,
}: {
  open: boolean;
  isAdmin: boolean;
  onClose: () => void;
}) {
  const notify = useNotify();
  const file = useSharedSettings(open);
  const save = useSaveSharedSettings();
  return (
    <JsonEditorDialog
      open={open && file.data !== undefined}
      title={SHARED_SETTING_FILE}
      initial={JSON.stringify(file.data?.json_data ?? {}, null, 2)}
      readOnly={!isAdmin}
      pending={save.isPending}
      onClose={onClose}
      onSave={(json) =>
        save.mutate(json, {
          onSuccess: (answer) => {
            notify.success(answer.message);
            onClose();
          },
          onError: (error) => notify.error(errorMessage(error)),
        })
      }
    />
  );
}
