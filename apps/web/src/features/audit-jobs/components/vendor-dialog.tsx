import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { JOB_FILE_MESSAGES, VENDORS } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useVendorTemplate } from '../api/job-files';

/** Writes the JOB file from a vendor's template (ES&S or Dominion). */
export function VendorDialog({
  jobId,
  hasJobFile,
  open,
  onClose,
}: {
  jobId: number;
  hasJobFile: boolean;
  open: boolean;
  onClose: () => void;
}) {
  const notify = useNotify();
  const save = useVendorTemplate(jobId);
  const [vendor, setVendor] = useState('');
  const submit = () => {
    if (!vendor) {
      notify.error(JOB_FILE_MESSAGES.chooseVendor);
      return;
    }
    save.mutate(
      { vendor, isUpdate: hasJobFile },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          onClose();
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Vendor Template</DialogTitle>
      <DialogContent dividers>
        <RadioGroup value={vendor} onChange={(event) => setVendor(event.target.value)}>
          {VENDORS.map((v) => (
            <FormControlLabel key={v} value={v} control={<Radio />} label={v} />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
