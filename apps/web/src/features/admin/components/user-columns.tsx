import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import type { GridColDef } from '@mui/x-data-grid';
import AddCardOutlined from '@mui/icons-material/AddCardOutlined';
import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RestoreOutlined from '@mui/icons-material/RestoreOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import type { AdminUser, UserStatus } from '@scrutineer/contracts';
import { IconAction } from '../../../components/icon-action';

export type UserRowAction =
  | 'permissions'
  | 'edit'
  | 'subscriptions'
  | 'manual-subscription'
  | 'deactivate'
  | 'activate'
  | 'delete';

/** The six flags, as the Users tab shows them (read-only there; set in Audit Permission). */
export const FLAG_COLUMNS = [
  ['run_adjudicator', 'Run Adjudicator', 'Run Adjud.'],
  ['run_audit', 'Run Audit', 'Run Audit'],
  ['run_targetmapper', 'Run Targetmapper', 'Run Mapper'],
  ['project_permission', 'Project Permission', 'Project Perm.'],
  ['test_job', 'Test Job', 'Test Job'],
  ['fullAuth', 'Full Auth', 'Full Auth'],
] as const;

export function userColumns(
  status: UserStatus,
  onAction: (user: AdminUser, action: UserRowAction) => void,
): GridColDef<AdminUser>[] {
  const flags: GridColDef<AdminUser>[] = FLAG_COLUMNS.map(([field, label, short]) => ({
    field,
    headerName: short,
    description: label,
    sortable: false,
    width: 68,
    // Six narrow columns: a smaller two-line title fits where the grid's own would be cut.
    renderHeader: () => (
      <Box sx={{ fontSize: 11.5, fontWeight: 600, lineHeight: 1.2, whiteSpace: 'normal' }}>
        {short}
      </Box>
    ),
    align: 'center',
    headerAlign: 'center',
    renderCell: ({ row }) => (
      <Checkbox
        checked={row[field]}
        disabled
        size="small"
        slotProps={{ input: { 'aria-label': `${label} of ${row.email}` } }}
      />
    ),
  }));
  return [
    { field: 'first_name', headerName: 'First Name', sortable: false, flex: 1, minWidth: 80 },
    { field: 'last_name', headerName: 'Last Name', sortable: false, flex: 1, minWidth: 80 },
    { field: 'email', headerName: 'Email', sortable: false, flex: 1.6, minWidth: 140 },
    ...flags,
    {
      field: 'actions',
      headerName: 'Actions',
      sortable: false,
      width: status === 'Active' ? 172 : 90,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
          {status === 'Active' ? (
            <>
              <IconAction
                label={`Permissions of ${row.email}`}
                onClick={() => onAction(row, 'permissions')}
              >
                <SettingsOutlined fontSize="small" />
              </IconAction>
              <IconAction label={`Edit ${row.email}`} onClick={() => onAction(row, 'edit')}>
                <EditOutlined fontSize="small" />
              </IconAction>
              {row.role !== 'Admin' && (
                <>
                  <IconAction
                    label={`Subscriptions of ${row.email}`}
                    onClick={() => onAction(row, 'subscriptions')}
                  >
                    <ReceiptLongOutlined fontSize="small" />
                  </IconAction>
                  <IconAction
                    label={`Manual subscription for ${row.email}`}
                    onClick={() => onAction(row, 'manual-subscription')}
                  >
                    <AddCardOutlined fontSize="small" />
                  </IconAction>
                </>
              )}
              <IconAction
                label={`Deactivate ${row.email}`}
                color="error"
                onClick={() => onAction(row, 'deactivate')}
              >
                <PersonOffOutlined fontSize="small" />
              </IconAction>
            </>
          ) : (
            <>
              <IconAction
                label={`Reactivate ${row.email}`}
                onClick={() => onAction(row, 'activate')}
              >
                <RestoreOutlined fontSize="small" />
              </IconAction>
              <IconAction
                label={`Delete ${row.email} permanently`}
                color="error"
                onClick={() => onAction(row, 'delete')}
              >
                <DeleteForeverOutlined fontSize="small" />
              </IconAction>
            </>
          )}
        </Box>
      ),
    },
  ];
}
