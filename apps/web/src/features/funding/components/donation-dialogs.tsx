import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { FUNDING_MESSAGES } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';

/** Large gifts: a cheque saves the card fees; the donor may still pay by card. */
export function ChequeDialog({
  open,
  amount,
  memo = 'the project name',
  onCard,
  onClose,
}: {
  open: boolean;
  amount: string;
  /** What the donor writes in the memo line. */
  memo?: string;
  onCard: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Donate ${amount} by cheque</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          For gifts of $1,000 or more we suggest a cheque: the whole gift goes to the audit, with no
          card fees.
        </Typography>
        <Typography component="ol" sx={{ pl: 3, '& li': { mb: 1 } }}>
          <li>Make the cheque payable to Scrutineer.</li>
          <li>Write {memo} in the memo line.</li>
          <li>
            Mail it to the charity&apos;s office; an Admin records it as an offline donation and it
            counts towards the goal.
          </li>
        </Typography>
        <Typography color="textSecondary">
          Donations are tax deductible; you receive a receipt for your records.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>I will send a cheque</Button>
        <Button variant="contained" onClick={onCard}>
          Pay by card instead
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Whether the donor appears in Donors: 0 keeps them private, 1 lists them. */
export function VisibilityDialog({
  open,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  onConfirm: (access: 0 | 1) => void;
  onClose: () => void;
}) {
  const notify = useNotify();
  const [choice, setChoice] = useState<string>('');
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Show your donation?</DialogTitle>
      <DialogContent>
        <RadioGroup value={choice} onChange={(event) => setChoice(event.target.value)}>
          <FormControlLabel value="1" control={<Radio />} label="List me as a donor" />
          <FormControlLabel value="0" control={<Radio />} label="Keep my donation private" />
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => {
            if (choice === '') notify.error(FUNDING_MESSAGES.chooseOption);
            else onConfirm(choice === '1' ? 1 : 0);
          }}
        >
          Continue to payment
        </Button>
      </DialogActions>
    </Dialog>
  );
}
