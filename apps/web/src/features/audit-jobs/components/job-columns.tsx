import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { AuditJob } from '@scrutineer/contracts';
import { nameLinkColumn, openDeleteColumn, roleColumn } from '../../../components/grid-columns';
import { JobStatusChip } from '../../../components/job-status';

interface JobActions {
  open: (job: AuditJob) => void;
  remove: (job: AuditJob) => void;
}

/** Columns of the Audit Jobs list (spec part 3): Name, Description, Election, Status, Role, Actions. */
export function jobColumns(actions: JobActions): GridColDef<AuditJob>[] {
  return [
    nameLinkColumn((row) => `/audit-jobs/${row.id}`, { flex: 1, minWidth: 150 }),
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
    {
      field: 'status',
      headerName: 'Status',
      width: 110,
      renderCell: ({ row }) => <JobStatusChip status={row.status} />,
    },
    roleColumn(105),
    openDeleteColumn(actions),
  ];
}
