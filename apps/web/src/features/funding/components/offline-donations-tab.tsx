import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { FUNDING_MESSAGES } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { useAddManualDonation, useManualDonations } from '../api/projects';
import { formatDate } from '../../../lib/dates';

/** The Admin records cheques and other offline gifts. */
export function OfflineDonationsTab({ projectId }: { projectId: number }) {
  const notify = useNotify();
  const [price, setPrice] = useState('');
  const [description, setDescription] = useState('');
  const save = useAddManualDonation();
  const { data } = useManualDonations(projectId, true);
  const reset = () => {
    setPrice('');
    setDescription('');
  };
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          label="amount"
          type="number"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === '-') event.preventDefault();
          }}
          slotProps={{ htmlInput: { min: 0 } }}
        />
        <TextField
          label="description"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          sx={{ flexGrow: 1 }}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button
          variant="contained"
          disabled={save.isPending}
          onClick={() => {
            if (price.trim() === '') {
              notify.error(FUNDING_MESSAGES.enterAmount);
              return;
            }
            save.mutate(
              { price: Number(price), project_id: projectId, description },
              {
                onSuccess: (answer) => {
                  notify.success(answer.message);
                  reset();
                },
                onError: (error) => notify.error(error.message),
              },
            );
          }}
        >
          Submit
        </Button>
        <Button onClick={reset}>Cancel</Button>
      </Box>
      <Table size="small" aria-label="Offline donations">
        <TableHead>
          <TableRow>
            <TableCell>Amount</TableCell>
            <TableCell>Description</TableCell>
            <TableCell>Date</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(data?.donations ?? []).map((row) => (
            <TableRow key={row.id}>
              <TableCell>${row.price.toLocaleString('en-US')}</TableCell>
              <TableCell>{row.description}</TableCell>
              <TableCell>{formatDate(row.created_at)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
}
