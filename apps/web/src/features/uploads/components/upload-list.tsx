import { useState, useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { FileUpload } from '../uploader/file-upload';
import type { UploadQueue } from '../uploader/upload-queue';
import { FilePickerButton } from './file-picker-button';
import { UploadRow } from './upload-row';

/** The chosen files of a queue with their progress; removal asks first. */
export function UploadList({ queue }: { queue: UploadQueue }) {
  const rows = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  const [removing, setRemoving] = useState<FileUpload | null>(null);
  return (
    <>
      <FilePickerButton label="Select Files" multiple onPick={(files) => queue.add(files)} />
      {rows.length === 0 ? (
        <Typography color="textSecondary" sx={{ mt: 2 }}>
          Choose one or more files. Choosing a file whose upload was interrupted continues it from
          the parts already received.
        </Typography>
      ) : (
        <Box role="list" aria-label="Files to upload" sx={{ mt: 1 }}>
          {rows.map((row) => (
            <UploadRow
              key={row.key}
              row={row}
              onUpload={(item) => void queue.upload(item)}
              onRemove={setRemoving}
            />
          ))}
        </Box>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Are you sure removing ${removing?.file.name ?? ''} from list ?`}
        confirmLabel="Remove"
        danger
        onConfirm={() => {
          if (removing) queue.remove(removing);
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
