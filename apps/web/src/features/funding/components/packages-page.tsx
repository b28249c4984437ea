import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { FUNDING_MESSAGES, PACKAGE_STATUSES, type Package } from '@scrutineer/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { PageHeader } from '../../../components/page-header';
import { SearchField } from '../../../components/search-field';
import { usePackages, useSavePackage } from '../api/packages';

const DIGITS = /^\d+$/;

function PackageDialog({ pkg, onClose }: { pkg: Package | null; onClose: () => void }) {
  const notify = useNotify();
  const save = useSavePackage();
  const [name, setName] = useState(pkg?.name ?? '');
  const [monthly, setMonthly] = useState(pkg ? String(pkg.monthlyPrice) : '');
  const [yearly, setYearly] = useState(pkg ? String(pkg.yearlyPrice) : '');
  const [description, setDescription] = useState(pkg?.description ?? '');
  const [status, setStatus] = useState<Package['status']>(pkg?.status ?? 'Active');
  const priceError = (value: string) =>
    value === ''
      ? FUNDING_MESSAGES.required
      : DIGITS.test(value)
        ? undefined
        : FUNDING_MESSAGES.invalidValue;
  const valid = name.trim() !== '' && !priceError(monthly) && !priceError(yearly);
  const blockMinus = (event: React.KeyboardEvent) => {
    if (event.key === '-') event.preventDefault();
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Package Details</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label="Title"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={name.trim() === ''}
            helperText={name.trim() === '' ? FUNDING_MESSAGES.required : undefined}
          />
          <TextField
            label="Monthly Price"
            value={monthly}
            onChange={(e) => setMonthly(e.target.value)}
            onKeyDown={blockMinus}
            error={!!priceError(monthly)}
            helperText={priceError(monthly)}
          />
          <TextField
            label="Yearly Price"
            value={yearly}
            onChange={(e) => setYearly(e.target.value)}
            onKeyDown={blockMinus}
            error={!!priceError(yearly)}
            helperText={priceError(yearly)}
          />
          <TextField
            label="Description"
            multiline
            minRows={3}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
          {pkg && (
            <TextField
              select
              label="Status"
              value={status}
              onChange={(e) => setStatus(e.target.value as Package['status'])}
            >
              {PACKAGE_STATUSES.map((value) => (
                <MenuItem key={value} value={value}>
                  {value}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!valid || save.isPending}
          onClick={() =>
            save.mutate(
              {
                id: pkg?.id ?? null,
                body: {
                  name,
                  description,
                  monthlyPrice: monthly,
                  yearlyPrice: yearly,
                  ...(pkg ? { status } : {}),
                },
              },
              {
                onSuccess: (answer) => {
                  notify.success(answer.message);
                  onClose();
                },
                onError: (error) => notify.error(error.message),
              },
            )
          }
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** /packages (Admin): the packages with their prices and status. */
export function PackagesPage() {
  const notify = useNotify();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Package | null | 'new'>(null);
  const [deleting, setDeleting] = useState<Package | null>(null);
  const { data } = usePackages(search);
  const save = useSavePackage();
  return (
    <>
      <PageHeader
        title="Audit Packages"
        actions={
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
            Add Package
          </Button>
        }
      />
      <Stack spacing={2}>
        <SearchField value={search} onChange={setSearch} />
        <Paper variant="outlined">
          <Table size="small" aria-label="Packages">
            <TableHead>
              <TableRow>
                {['Name', 'Description', 'Monthly Price', 'Yearly Price', 'Status', ''].map(
                  (label) => (
                    <TableCell key={label}>{label}</TableCell>
                  ),
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {(data?.packages ?? []).map((pkg) => (
                <TableRow key={pkg.id}>
                  <TableCell>{pkg.name}</TableCell>
                  <TableCell>{pkg.description}</TableCell>
                  <TableCell>${pkg.monthlyPrice}</TableCell>
                  <TableCell>${pkg.yearlyPrice}</TableCell>
                  <TableCell>{pkg.status}</TableCell>
                  <TableCell align="right">
                    {pkg.can.update && (
                      <>
                        <IconButton aria-label={`Edit ${pkg.name}`} onClick={() => setEditing(pkg)}>
                          <EditOutlined />
                        </IconButton>
                        <IconButton
                          aria-label={`Delete ${pkg.name}`}
                          onClick={() => setDeleting(pkg)}
                        >
                          <DeleteOutlined />
                        </IconButton>
                      </>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      </Stack>
      {editing && (
        <PackageDialog pkg={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? ''}?`}
        confirmLabel="Delete"
        danger
        pending={save.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          save.mutate(
            {
              id: deleting.id,
              body: {
                name: deleting.name,
                description: deleting.description,
                monthlyPrice: deleting.monthlyPrice,
                yearlyPrice: deleting.yearlyPrice,
                status: 'Deleted',
              },
            },
            {
              onSuccess: (answer) => {
                notify.success(answer.message);
                setDeleting(null);
              },
              onError: (error) => notify.error(error.message),
            },
          );
        }}
      />
    </>
  );
}
