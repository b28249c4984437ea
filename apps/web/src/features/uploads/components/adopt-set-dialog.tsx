import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { UploadFile } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import type { OwnerType } from '../api/upload-keys';
import { useExtraFileTypes } from '../api/file-types';
import { useAdoptableFiles, useAdoptFiles, useEditUploadSet } from '../api/upload-sets';
import { SetTypeField } from './set-type-field';

interface AdoptSetDialogProps {
  type: OwnerType;
  ownerId: number;
  /** An existing set to edit; null adopts files already uploaded. */
  set: UploadFile | null;
  onClose: () => void;
}

/** Adopt File: make file sets of zips already uploaded; or edit a set's name, type, description. */
export function AdoptSetDialog({ type, ownerId, set, onClose }: AdoptSetDialogProps) {
  const notify = useNotify();
  const adoptable = useAdoptableFiles(type, ownerId, set === null);
  const adopt = useAdoptFiles(type, ownerId);
  const edit = useEditUploadSet(type, ownerId);
  const extraTypes = useExtraFileTypes();
  const [chosen, setChosen] = useState<string[]>([]);
  const [fileName, setFileName] = useState(set?.file_name ?? '');
  const [fileType, setFileType] = useState(set?.file_type ?? 'BIA');
  const [description, setDescription] = useState(set?.description ?? '');
  const pending = adopt.isPending || edit.isPending;
  const names = [...new Set((adoptable.data?.items ?? []).map((item) => item.file_name))];

  const done = {
    onSuccess: (answer: { message: string }) => {
      notify.success(answer.message);
      onClose();
    },
    onError: (error: Error) => notify.error(errorMessage(error)),
  };
  const submit = () => {
    if (set) {
      edit.mutate(
        { id: set.id, file_name: fileName.trim(), file_type: fileType, description },
        done,
      );
    } else {
      adopt.mutate({ file_name: chosen.join(','), file_type: fileType, description }, done);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: 600 } } }}
    >
      <DialogTitle>{set ? 'Edit File Set' : 'Adopt File'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {set ? (
            <TextField
              label="File Name"
              required
              value={fileName}
              onChange={(event) => setFileName(event.target.value)}
            />
          ) : (
            <Autocomplete
              multiple
              options={names}
              value={chosen}
              loading={adoptable.isPending}
              onChange={(_event, value) => setChosen(value)}
              noOptionsText="No uploaded zip files to adopt."
              renderInput={(params) => <TextField {...params} label="Files" />}
            />
          )}
          <SetTypeField value={fileType} extra={extraTypes.data} onChange={setFileType} />
          <TextField
            label="Description"
            multiline
            minRows={2}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={pending || (set ? !fileName.trim() : chosen.length === 0)}
        >
          {set ? 'Update' : 'Adopt'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
