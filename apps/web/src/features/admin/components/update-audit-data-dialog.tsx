import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FUNDING_MESSAGES, JOB_MESSAGES, type AuditJob } from '@scrutineer/contracts';
import { jobStatusMeaning } from '../../../components/job-status';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useUpdateAuditDonation } from '../api/audit-donations';

const DECIMAL = /^\d+(\.\d{1,2})?$/;

/** A dollar amount typed by the Admin: digits with up to two decimals; '' is 0 when optional. */
function readAmount(text: string, optional: boolean): number | string {
  const trimmed = text.trim();
  if (trimmed === '') return optional ? 0 : FUNDING_MESSAGES.inputRequired;
  if (!DECIMAL.test(trimmed)) return FUNDING_MESSAGES.inputPositive;
  return Number(trimmed);
}

const blockMinus = (event: React.KeyboardEvent) => {
  if (event.key === '-' || event.key === 'e' || event.key === 'E') event.preventDefault();
};

/** Update Audit Data (spec part 3): the request can change; received donations are added to. */
export function UpdateAuditDataDialog({ job, onClose }: { job: AuditJob; onClose: () => void }) {
  const notify = useNotify();
  const save = useUpdateAuditDonation();
  const [requested, setRequested] = useState(String(job.request_donate));
  const [adding, setAdding] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const request = readAmount(requested, false);
  const add = readAmount(adding, true);
  // The spec's rule: refuse an addition larger than requested plus already received.
  const tooLarge =
    typeof request === 'number' &&
    typeof add === 'number' &&
    add > 0 &&
    request + job.received_donation < add;
  const invalid = typeof request === 'string' || typeof add === 'string' || tooLarge;

  const submit = () => {
    if (typeof request !== 'number' || typeof add !== 'number' || tooLarge) return;
    setFailure(null);
    save.mutate(
      { id: job.id, request_donate: request, received_donation: add },
      {
        onSuccess: (saved) => {
          notify.success(saved.message);
          onClose();
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Update Audit Data</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField label="Name" value={job.name} slotProps={{ input: { readOnly: true } }} />
          <TextField
            label="Status"
            value={job.status}
            helperText={jobStatusMeaning(job.status)}
            slotProps={{ input: { readOnly: true } }}
          />
          <TextField
            label="Total Received Donation"
            value={`$${job.received_donation.toFixed(2)}`}
            slotProps={{ input: { readOnly: true } }}
          />
          <TextField
            label="Description"
            value={job.description}
            multiline
            minRows={2}
            slotProps={{ input: { readOnly: true } }}
          />
          <TextField
            label="Request Donate"
            type="number"
            value={requested}
            onChange={(event) => setRequested(event.target.value)}
            onKeyDown={blockMinus}
            error={typeof request === 'string'}
            helperText={typeof request === 'string' ? request : 'The funding goal, in dollars.'}
            slotProps={{ htmlInput: { min: 0, step: '0.01' } }}
          />
          <TextField
            label="Add Received Donation"
            type="number"
            value={adding}
            onChange={(event) => setAdding(event.target.value)}
            onKeyDown={blockMinus}
            error={typeof add === 'string' || tooLarge}
            helperText={
              typeof add === 'string'
                ? add
                : tooLarge
                  ? JOB_MESSAGES.donationTooLarge
                  : 'A gift received outside card payments, added to the total.'
            }
            slotProps={{ htmlInput: { min: 0, step: '0.01' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="contained" disabled={invalid || save.isPending} onClick={submit}>
          Update
        </Button>
      </DialogActions>
    </Dialog>
  );
}
