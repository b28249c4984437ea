import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FUNDING_MESSAGES, type AdminUser } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useAssignablePackages, useManualSubscription } from '../api/user-subscriptions';

/** Package type ids of the spec: 1 Monthly (the default here), 0 Yearly. */
const TYPES = [
  { value: '1', label: 'Monthly' },
  { value: '0', label: 'Yearly' },
] as const;

/**
 * Subscription: Manually. The Admin picks an Active package and a type; the price follows
 * them; CREATE waits for a package ('Required.' otherwise).
 */
export function ManualSubscriptionDialog({
  user,
  onClose,
}: {
  user: AdminUser;
  onClose: () => void;
}) {
  const notify = useNotify();
  const packages = useAssignablePackages();
  const create = useManualSubscription(user.id);
  const [packageId, setPackageId] = useState('');
  const [type, setType] = useState<'0' | '1'>('1');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const chosen = packages.data?.packages.find((item) => String(item.id) === packageId);
  const price = chosen ? (type === '1' ? chosen.monthlyPrice : chosen.yearlyPrice) : null;

  function submit() {
    if (!chosen) {
      setTouched(true);
      return;
    }
    setFailure(null);
    create.mutate(
      { package_id: chosen.id, is_monthly: type === '1', price: price ?? undefined },
      {
        onSuccess: (saved) => {
          notify.success(saved.message);
          onClose();
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Subscription: Manually</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          {packages.data?.packages.length === 0 && (
            <Alert severity="info">
              There is no Active package to give. Add one in Audit Packages.
            </Alert>
          )}
          <TextField label="User" value={user.email} disabled />
          <TextField
            select
            label="Package"
            value={packageId}
            onChange={(event) => setPackageId(event.target.value)}
            onBlur={() => setTouched(true)}
            required
            error={touched && !chosen}
            helperText={touched && !chosen ? FUNDING_MESSAGES.required : 'Active packages only.'}
          >
            {(packages.data?.packages ?? []).map((item) => (
              <MenuItem key={item.id} value={String(item.id)}>
                {item.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Package Type"
            value={type}
            onChange={(event) => setType(event.target.value as '0' | '1')}
          >
            {TYPES.map((item) => (
              <MenuItem key={item.value} value={item.value}>
                {item.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Price"
            value={price === null ? '' : `$${price}`}
            slotProps={{ input: { readOnly: true } }}
            helperText="Follows the package and its type."
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={!chosen || create.isPending}>
          Create
        </Button>
      </DialogActions>
    </Dialog>
  );
}
