import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { ArgGroup, ArgumentSpec, AuditType } from '@scrutineer/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { IconAction } from '../../../components/icon-action';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useArgSpecs, useDeleteArgGroup, useDeleteArgument } from '../api/audit-types';
import { ArgGroupDialog } from './arg-group-dialog';
import { ArgumentDialog } from './argument-dialog';

type Editing =
  | { kind: 'group'; group: ArgGroup | null }
  | { kind: 'argument'; groupId: number; argument: ArgumentSpec | null }
  | { kind: 'delete-group'; group: ArgGroup }
  | { kind: 'delete-argument'; argument: ArgumentSpec };

function argumentColumns(
  edit: (argument: ArgumentSpec) => void,
  remove: (argument: ArgumentSpec) => void,
): GridColDef<ArgumentSpec>[] {
  return [
    { field: 'argument', headerName: 'Argument', flex: 1.2, minWidth: 140 },
    { field: 'type', headerName: 'Type', width: 70 },
    { field: 'value', headerName: 'Default', flex: 1, minWidth: 90 },
    {
      field: 'choices',
      headerName: 'Choices',
      flex: 1,
      minWidth: 100,
      valueGetter: (_value, row) => row.choices.join(', '),
    },
    { field: 'required', headerName: 'Required', width: 86 },
    {
      field: 'stages',
      headerName: 'Stages',
      flex: 1,
      minWidth: 90,
      valueGetter: (_value, row) => row.stages || 'every stage',
    },
    { field: 'help', headerName: 'Help', flex: 2, minWidth: 120 },
    {
      field: 'actions',
      headerName: 'Actions',
      sortable: false,
      width: 90,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
          <IconAction label={`Edit argument ${row.argument}`} onClick={() => edit(row)}>
            <EditOutlined fontSize="small" />
          </IconAction>
          <IconAction
            label={`Delete argument ${row.argument}`}
            color="error"
            onClick={() => remove(row)}
          >
            <DeleteOutlined fontSize="small" />
          </IconAction>
        </Box>
      ),
    },
  ];
}

/**
 * The argument specifications of one audit type: a tab per group, its arguments in a table
 * (5 per page, as the spec sets), and dialogs to add, change and remove both.
 */
export function ArgSpecsEditor({ auditType }: { auditType: AuditType }) {
  const notify = useNotify();
  const specs = useArgSpecs(auditType.id);
  const removeGroup = useDeleteArgGroup();
  const removeArgument = useDeleteArgument();
  const [chosen, setChosen] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const groups = specs.data?.items ?? [];
  const group = groups.find((item) => item.id === chosen) ?? groups[0] ?? null;

  const done = (message: string) => {
    notify.success(message);
    setEditing(null);
  };
  const failed = (error: unknown) => notify.error(errorMessage(error));

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h3" sx={{ flexGrow: 1 }}>
          Argument specifications of {auditType.name}
        </Typography>
        <Button
          startIcon={<AddOutlined />}
          onClick={() => setEditing({ kind: 'group', group: null })}
        >
          Add Group
        </Button>
      </Stack>
      {specs.error && <Alert severity="warning">{errorMessage(specs.error)}</Alert>}
      {specs.data && groups.length === 0 && (
        <Typography color="textSecondary">
          No argument groups yet. Job settings of this audit type have nothing to follow until a
          group with arguments is added.
        </Typography>
      )}
      {group && (
        <>
          <Tabs
            value={group.id}
            onChange={(_event, next: number) => setChosen(next)}
            variant="scrollable"
            aria-label="Argument groups"
            sx={{ mb: 1 }}
          >
            {groups.map((item) => (
              <Tab key={item.id} value={item.id} label={item.group_name || item.group} />
            ))}
          </Tabs>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2" color="textSecondary" sx={{ flexGrow: 1 }}>
              Group <code>{group.group}</code>
              {group.help ? ` · ${group.help}` : ''}
            </Typography>
            <Button
              size="small"
              startIcon={<AddOutlined />}
              onClick={() => setEditing({ kind: 'argument', groupId: group.id, argument: null })}
            >
              Add Argument
            </Button>
            <IconAction
              label={`Edit group ${group.group}`}
              onClick={() => setEditing({ kind: 'group', group })}
            >
              <EditOutlined fontSize="small" />
            </IconAction>
            <IconAction
              label={`Delete group ${group.group}`}
              color="error"
              onClick={() => setEditing({ kind: 'delete-group', group })}
            >
              <DeleteOutlined fontSize="small" />
            </IconAction>
          </Stack>
          <DataGrid
            aria-label={`Arguments of ${group.group}`}
            rows={group.arguments}
            columns={argumentColumns(
              (argument) => setEditing({ kind: 'argument', groupId: group.id, argument }),
              (argument) => setEditing({ kind: 'delete-argument', argument }),
            )}
            autoHeight
            disableColumnMenu
            disableRowSelectionOnClick
            pageSizeOptions={[5, 10, 20, 50]}
            initialState={{ pagination: { paginationModel: { pageSize: 5 } } }}
            localeText={{ noRowsLabel: 'No arguments in this group yet.' }}
            sx={{ '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 } }}
          />
        </>
      )}
      {editing?.kind === 'group' && (
        <ArgGroupDialog
          auditTypeId={auditType.id}
          group={editing.group}
          onClose={() => setEditing(null)}
          onSaved={setChosen}
        />
      )}
      {editing?.kind === 'argument' && (
        <ArgumentDialog
          groupId={editing.groupId}
          argument={editing.argument}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={editing?.kind === 'delete-group'}
        title={
          editing?.kind === 'delete-group'
            ? `Are you sure deleting the group ${editing.group.group} ?`
            : ''
        }
        confirmLabel="Delete"
        danger
        pending={removeGroup.isPending}
        onConfirm={() => {
          if (editing?.kind !== 'delete-group') return;
          removeGroup.mutate(editing.group.id, {
            onSuccess: (answer) => {
              setChosen(null);
              done(answer.message);
            },
            onError: failed,
          });
        }}
        onClose={() => setEditing(null)}
      >
        Its arguments are removed with it.
      </ConfirmDialog>
      <ConfirmDialog
        open={editing?.kind === 'delete-argument'}
        title={
          editing?.kind === 'delete-argument'
            ? `Are you sure deleting the argument ${editing.argument.argument} ?`
            : ''
        }
        confirmLabel="Delete"
        danger
        pending={removeArgument.isPending}
        onConfirm={() => {
          if (editing?.kind !== 'delete-argument') return;
          removeArgument.mutate(editing.argument.id, {
            onSuccess: (answer) => done(answer.message),
            onError: failed,
          });
        }}
        onClose={() => setEditing(null)}
      />
    </Paper>
  );
}
