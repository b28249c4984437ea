import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDollars, formatProgress, type AuditJob } from '@scrutineer/contracts';
import { IconAction } from '../../../components/icon-action';
import { JobStatusChip } from '../../../components/job-status';
import { SearchField } from '../../../components/search-field';
import { ServerDataGrid } from '../../../components/server-data-grid';
import { errorMessage } from '../../../lib/api-error';
import { useListState } from '../../../lib/use-list-state';
import { useAuditDonations } from '../api/audit-donations';
import { UpdateAuditDataDialog } from './update-audit-data-dialog';

const dollars = (value: number) => formatDollars(Math.round(value * 100));

function columns(edit: (job: AuditJob) => void): GridColDef<AuditJob>[] {
  return [
    { field: 'id', headerName: 'ID', width: 60, sortable: false },
    { field: 'name', headerName: 'Name', flex: 1.3, minWidth: 150 },
    {
      field: 'status',
      headerName: 'Status',
      width: 110,
      renderCell: ({ row }) => <JobStatusChip status={row.status} />,
    },
    {
      field: 'progress',
      headerName: 'Progress',
      flex: 1,
      minWidth: 140,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%' }}>
          <LinearProgress
            variant="determinate"
            value={Math.min(row.progress, 100)}
            aria-label={`Progress of ${row.name}`}
            sx={{ flexGrow: 1, height: 6, borderRadius: 3 }}
          />
          <Typography variant="caption" sx={{ whiteSpace: 'nowrap' }}>
            {`${formatProgress(row.progress)}%`}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'request_donate',
      headerName: 'Requested Donate',
      width: 110,
      sortable: false,
      valueFormatter: dollars,
    },
    {
      field: 'received_donation',
      headerName: 'Received Donation',
      width: 110,
      sortable: false,
      valueFormatter: dollars,
    },
    {
      field: 'active',
      headerName: 'Active',
      width: 70,
      sortable: false,
      valueFormatter: (value: boolean) => (value ? 'Yes' : 'No'),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 80,
      sortable: false,
      renderCell: ({ row }) => (
        <IconAction label={`Update audit data of ${row.name}`} onClick={() => edit(row)}>
          <EditOutlined fontSize="small" />
        </IconAction>
      ),
    },
  ];
}

/** Audit donations (spec part 3): each job's funding goal and what it has received. */
export function AuditDonationsTab() {
  const list = useListState({ sort: 'name', order: 'asc' });
  const { data, isFetching, error } = useAuditDonations(list.query);
  const [editing, setEditing] = useState<AuditJob | null>(null);
  return (
    <>
      <Box sx={{ mb: 2 }}>
        <SearchField value={list.search} onChange={list.setSearch} />
      </Box>
      {error && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {errorMessage(error)}
        </Alert>
      )}
      <ServerDataGrid
        label="Audit donations"
        rows={data?.items ?? []}
        total={data?.total ?? 0}
        loading={isFetching}
        columns={columns(setEditing)}
        list={list}
        wrapHeaders
        noRowsLabel={list.search ? 'No audit job matches the search.' : 'No audit jobs yet.'}
      />
      {editing && <UpdateAuditDataDialog job={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
