import Button from '@mui/material/Button';
import type { UploadQueue } from '../uploader/upload-queue';

/** Upload All and Remove All. */
export function UploadQueueButtons({ queue, disabled }: { queue: UploadQueue; disabled: boolean }) {
  return (
    <>
      <Button variant="contained" onClick={() => void queue.uploadAll()} disabled={disabled}>
        Upload All
      </Button>
      <Button color="inherit" onClick={() => queue.removeAll()} disabled={disabled}>
        Remove All
      </Button>
    </>
  );
}
