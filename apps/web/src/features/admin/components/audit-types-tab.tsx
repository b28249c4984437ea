import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import type { AuditType } from '@scrutineer/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { IconAction } from '../../../components/icon-action';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useAuditTypes, useDeleteAuditType } from '../api/audit-types';
import { ArgSpecsEditor } from './arg-specs-editor';
import { AuditTypeDialog } from './audit-type-dialog';

type Open =
  { kind: 'edit'; auditType: AuditType | null } | { kind: 'delete'; auditType: AuditType };

function columns(
  chosen: string | null,
  act: (auditType: AuditType, kind: 'specs' | 'edit' | 'delete') => void,
): GridColDef<AuditType>[] {
  return [
    { field: 'id', headerName: 'ID', flex: 1, minWidth: 170 },
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 170 },
    { field: 'premium', headerName: 'Premium', width: 100 },
    { field: 'show', headerName: 'Show', width: 80 },
    { field: 'help', headerName: 'Help', flex: 1.5, minWidth: 160 },
    {
      field: 'actions',
      headerName: 'Actions',
      sortable: false,
      width: 130,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
          <IconAction label={`Arguments of ${row.name}`} onClick={() => act(row, 'specs')}>
            <TuneOutlined fontSize="small" color={chosen === row.id ? 'primary' : 'inherit'} />
          </IconAction>
          <IconAction label={`Edit ${row.name}`} onClick={() => act(row, 'edit')}>
            <EditOutlined fontSize="small" />
          </IconAction>
          <IconAction label={`Delete ${row.name}`} color="error" onClick={() => act(row, 'delete')}>
            <DeleteOutlined fontSize="small" />
          </IconAction>
        </Box>
      ),
    },
  ];
}

/** Audit Types (Admin board tab and /admin-audit-types): the types and their argument specs. */
export function AuditTypesTab() {
  const notify = useNotify();
  const types = useAuditTypes();
  const remove = useDeleteAuditType();
  const [open, setOpen] = useState<Open | null>(null);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const items = types.data?.items ?? [];
  const chosen = items.find((item) => item.id === chosenId) ?? items[0] ?? null;

  return (
    <Stack spacing={3}>
      <Box>
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => setOpen({ kind: 'edit', auditType: null })}
        >
          Add Audit Type
        </Button>
      </Box>
      {types.error && <Alert severity="warning">{errorMessage(types.error)}</Alert>}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <DataGrid
          aria-label="Audit types"
          rows={items}
          columns={columns(chosen?.id ?? null, (auditType, kind) => {
            if (kind === 'specs') setChosenId(auditType.id);
            else setOpen({ kind, auditType });
          })}
          loading={types.isFetching}
          autoHeight
          disableColumnMenu
          disableRowSelectionOnClick
          hideFooter={items.length <= 25}
          localeText={{ noRowsLabel: 'No audit types yet.' }}
          sx={{ border: 0, '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 } }}
        />
      </Paper>
      {chosen && <ArgSpecsEditor key={chosen.id} auditType={chosen} />}
      {open?.kind === 'edit' && (
        <AuditTypeDialog
          auditType={open.auditType}
          takenIds={items.map((item) => item.id)}
          onClose={() => setOpen(null)}
        />
      )}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        title={open?.kind === 'delete' ? `Are you sure deleting ${open.auditType.name} ?` : ''}
        confirmLabel="Delete"
        danger
        pending={remove.isPending}
        onConfirm={() => {
          if (open?.kind !== 'delete') return;
          remove.mutate(open.auditType.id, {
            onSuccess: (answer) => {
              notify.success(answer.message);
              setOpen(null);
            },
            onError: (error) => notify.error(errorMessage(error)),
          });
        }}
        onClose={() => setOpen(null)}
      >
        Its argument groups and arguments are removed with it.
      </ConfirmDialog>
    </Stack>
  );
}
