import Chip from '@mui/material/Chip';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { Member } from '@scrutineer/contracts';
import { IconAction } from '../../../components/icon-action';
import { RoleChip } from '../../../components/role-chip';
import { formatDate } from '../../../lib/dates';

export function memberName(member: Member): string {
  return `${member.user.first_name} ${member.user.last_name}`.trim() || member.user.email;
}

interface MemberActions {
  edit: (member: Member) => void;
  remove: (member: Member) => void;
}

/** Columns of the Users tab; one's own row carries no actions (the record says so). */
export function memberColumns({ edit, remove }: MemberActions): GridColDef<Member>[] {
  return [
    {
      field: 'name',
      headerName: 'Name',
      flex: 1,
      minWidth: 160,
      valueGetter: (_value, row) => memberName(row),
    },
    {
      field: 'email',
      headerName: 'Email',
      flex: 1.2,
      minWidth: 200,
      valueGetter: (_value, row) => row.user.email,
    },
    {
      field: 'role',
      headerName: 'Role',
      width: 120,
      renderCell: ({ row }) => <RoleChip role={row.role} />,
    },
    {
      field: 'status',
      headerName: 'Status',
      width: 110,
      renderCell: ({ row }) => (
        <Chip
          label={row.status}
          size="small"
          color={row.status === 'Active' ? 'success' : 'warning'}
          variant="outlined"
        />
      ),
    },
    {
      field: 'created_at',
      headerName: 'Member Since',
      width: 165,
      valueFormatter: (value: string) => formatDate(value),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 110,
      sortable: false,
      renderCell: ({ row }) => (
        <>
          {row.can.update && (
            <IconAction label={`Edit ${memberName(row)}`} onClick={() => edit(row)}>
              <EditOutlined fontSize="small" />
            </IconAction>
          )}
          {row.can.delete && (
            <IconAction
              label={`Remove ${memberName(row)}`}
              color="error"
              onClick={() => remove(row)}
            >
              <DeleteOutlined fontSize="small" />
            </IconAction>
          )}
        </>
      ),
    },
  ];
}
