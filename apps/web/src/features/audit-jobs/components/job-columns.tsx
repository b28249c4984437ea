import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { AuditJob } from '@scrutineer/contracts';
import { IconAction } from '../../../components/icon-action';
import { RoleChip } from '../../../components/role-chip';

interface JobActions {
  open: (job: AuditJob) => void;
  remove: (job: AuditJob) => void;
}

/** Columns of the Audit Jobs list (spec part 3): Name, Description, Election, Status, Role, Actions. */
export function jobColumns({ open, remove }: JobActions): GridColDef<AuditJob>[] {
  return [
    {
      field: 'name',
      headerName: 'Name',
      flex: 1,
      minWidth: 150,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={`/audit-jobs/${row.id}`}>
          {row.name}
        </Link>
      ),
    },
    { field: 'description', headerName: 'Description', flex: 1.2, minWidth: 150, sortable: false },
    {
      field: 'election',
      headerName: 'Election',
      flex: 1.2,
      minWidth: 170,
      renderCell: ({ row }) => (
        <Box sx={{ lineHeight: 1.3, py: 0.75 }}>
          <Link component={RouterLink} to={`/elections/${row.election_id}`}>
            {row.election.name}
          </Link>
          <Typography variant="caption" color="textSecondary" component="div">
            {[row.election.county, row.election.state, row.election.country].join(', ')}
          </Typography>
        </Box>
      ),
    },
    { field: 'status', headerName: 'Status', width: 100 },
    {
      field: 'role',
      headerName: 'Role',
      width: 105,
      renderCell: ({ row }) => <RoleChip role={row.role} />,
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 90,
      sortable: false,
      renderCell: ({ row }) => (
        <>
          <IconAction label={`Open ${row.name}`} onClick={() => open(row)}>
            <OpenInNewOutlined fontSize="small" />
          </IconAction>
          {row.can.delete && (
            <IconAction label={`Delete ${row.name}`} color="error" onClick={() => remove(row)}>
              <DeleteOutlined fontSize="small" />
            </IconAction>
          )}
        </>
      ),
    },
  ];
}
