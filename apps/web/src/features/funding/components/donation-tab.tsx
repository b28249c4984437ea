import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CHEQUE_THRESHOLD,
  DONATION_PRESETS,
  FUNDING_MESSAGES,
  type Project,
} from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { useStartProjectCheckout } from '../api/payments';
import { ChequeDialog, VisibilityDialog } from './donation-dialogs';
import { MarkdownText } from './markdown-text';
import { RadialProgress } from './radial-progress';

const dollars = (value: number) => `$${value.toLocaleString('en-US')}`;

/** Goal, introduction, progress and the gift form of a project. */
export function DonationTab({ project }: { project: Project }) {
  const notify = useNotify();
  const [amount, setAmount] = useState('');
  const [monthly, setMonthly] = useState(false);
  const [dialog, setDialog] = useState<'cheque' | 'visibility' | null>(null);
  const checkout = useStartProjectCheckout();

  const submit = () => {
    if (amount.trim() === '' || Number(amount) <= 0) {
      notify.error(FUNDING_MESSAGES.enterAmount);
      return;
    }
    setDialog(Number(amount) >= CHEQUE_THRESHOLD ? 'cheque' : 'visibility');
  };

  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', alignItems: 'center' }}>
        <RadialProgress percent={project.progress} />
        <Box>
          {project.donation_target !== 0 && (
            <Typography variant="h6">
              Fundraising goal: {dollars(project.donation_target)}
            </Typography>
          )}
          <Typography color="textSecondary">
            Received: {dollars(project.received_donation)}
          </Typography>
          {project.description && <Typography sx={{ mt: 1 }}>{project.description}</Typography>}
        </Box>
      </Box>
      {project.pro_intro && <MarkdownText text={project.pro_intro} />}
      <Box>
        <Typography variant="subtitle1" sx={{ mb: 1 }}>
          Choose an amount
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {[...DONATION_PRESETS].reverse().map((preset) => (
            <Button
              key={preset}
              variant={Number(amount) === preset ? 'contained' : 'outlined'}
              onClick={() => setAmount(String(preset))}
            >
              ${preset}
            </Button>
          ))}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          label="Amount"
          type="number"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === '-') event.preventDefault();
          }}
          slotProps={{
            htmlInput: { min: 0, step: '0.01' },
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
          }}
          sx={{ width: 200 }}
        />
        <FormControlLabel
          control={<Checkbox checked={monthly} onChange={(_e, checked) => setMonthly(checked)} />}
          label="Make this a monthly gift"
        />
        <Button variant="contained" size="large" onClick={submit} disabled={checkout.isPending}>
          CheckOut
        </Button>
      </Box>
      <ChequeDialog
        open={dialog === 'cheque'}
        amount={Number(amount).toLocaleString('en-US')}
        onCard={() => setDialog('visibility')}
        onClose={() => setDialog(null)}
      />
      <VisibilityDialog
        open={dialog === 'visibility'}
        busy={checkout.isPending}
        onClose={() => setDialog(null)}
        onConfirm={(access) =>
          checkout.mutate(
            { project_id: project.id, price: Number(amount), access, recurring: monthly },
            { onError: (error) => notify.error(error.message) },
          )
        }
      />
    </Stack>
  );
}
