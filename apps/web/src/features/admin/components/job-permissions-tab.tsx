import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import type { JobPermissionRequest } from '@scrutineer/contracts';
import { IconAction } from '../../../components/icon-action';
import { SearchField } from '../../../components/search-field';
import { errorMessage } from '../../../lib/api-error';
import { useJobPermissionRequests } from '../api/job-permission-requests';
import { AssignJobPermissionDialog } from './assign-job-permission-dialog';

function columns(
  open: (request: JobPermissionRequest) => void,
): GridColDef<JobPermissionRequest>[] {
  return [
    { field: 'id', headerName: 'ID', width: 70 },
    {
      field: 'first_name',
      headerName: 'First Name',
      flex: 1,
      minWidth: 100,
      valueGetter: (_value, row) => row.user.first_name,
    },
    {
      field: 'last_name',
      headerName: 'Last Name',
      flex: 1,
      minWidth: 100,
      valueGetter: (_value, row) => row.user.last_name,
    },
    {
      field: 'email',
      headerName: 'Email',
      flex: 1.5,
      minWidth: 170,
      valueGetter: (_value, row) => row.user.email,
    },
    {
      field: 'status',
      headerName: 'Status',
      width: 110,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          label={row.status}
          color={row.status === 'Pending' ? 'warning' : 'success'}
          variant="outlined"
        />
      ),
    },
    {
      field: 'jobs',
      headerName: 'Request Jobs',
      flex: 2,
      minWidth: 180,
      sortable: false,
      valueGetter: (_value, row) => row.jobs.map((job) => job.name).join(', '),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      sortable: false,
      width: 80,
      renderCell: ({ row }) => (
        <IconAction label={`Assign jobs to ${row.user.email}`} onClick={() => open(row)}>
          <AssignmentIndOutlined fontSize="small" />
        </IconAction>
      ),
    },
  ];
}

/** The job-permission requests (spec part 1 "Admin job-permission list"), answered per job. */
export function JobPermissionsTab() {
  const { data, isFetching, error } = useJobPermissionRequests();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<JobPermissionRequest | null>(null);
  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const all = data?.items ?? [];
    if (!needle) return all;
    return all.filter((row) =>
      [row.user.first_name, row.user.last_name, row.user.email, ...row.jobs.map((job) => job.name)]
        .join(' ')
        .toLowerCase()
        .includes(needle),
    );
  }, [data, search]);

  return (
    <>
      <Box sx={{ mb: 2 }}>
        <SearchField value={search} onChange={setSearch} />
      </Box>
      {error && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {errorMessage(error)}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <DataGrid
          aria-label="Job permission requests"
          rows={rows}
          columns={columns(setOpen)}
          loading={isFetching}
          autoHeight
          disableColumnMenu
          disableRowSelectionOnClick
          pageSizeOptions={[25, 50, 100]}
          initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
          localeText={{ noRowsLabel: 'No job permission requests.' }}
          sx={{ border: 0, '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 } }}
        />
      </Paper>
      {open && (
        <AssignJobPermissionDialog key={open.id} request={open} onClose={() => setOpen(null)} />
      )}
    </>
  );
}
