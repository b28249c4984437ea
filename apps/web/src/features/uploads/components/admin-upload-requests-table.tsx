import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { UploadRequest } from '@scrutineer/contracts';
import { IconAction } from '../../../components/icon-action';
import { useNotify } from '../../../components/notifications/use-notify';
import { formatDate } from '../../../lib/dates';
import { useAllUploadRequests } from '../api/upload-requests';
import { FileTable } from './file-table';
import { RequestValidityChip } from './request-columns';

/** The Admin's Upload Requests table: every request with its election, contact and link. */
export function AdminUploadRequestsTable() {
  const notify = useNotify();
  const { data, isFetching, refetch } = useAllUploadRequests();
  const copy = (url: string) =>
    navigator.clipboard.writeText(url).then(
      () => notify.success('copy successfully'),
      () => notify.error('The link could not be copied.'),
    );
  const columns: GridColDef<UploadRequest>[] = [
    { field: 'owner_name', headerName: 'Election', flex: 1, minWidth: 150 },
    { field: 'name', headerName: 'Contact', flex: 1, minWidth: 140 },
    { field: 'email', headerName: 'Email', flex: 1, minWidth: 160 },
    {
      field: 'valid_through',
      headerName: 'Expiration',
      width: 190,
      renderCell: ({ row }) => (
        <>
          {row.valid_through ? formatDate(row.valid_through) : 'No Expiration'}{' '}
          <RequestValidityChip request={row} />
        </>
      ),
    },
    {
      field: 'request_url',
      headerName: 'Link',
      // The copy button comes first, so the link may be cut at 1280 px and still be copied.
      flex: 2,
      minWidth: 180,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
          <IconAction
            label={`Copy link for ${row.name}`}
            onClick={() => void copy(row.request_url)}
          >
            <ContentCopyOutlined fontSize="small" />
          </IconAction>
          <Link href={row.request_url} target="_blank" rel="noreferrer" noWrap>
            {row.request_url.split('?')[0]}
          </Link>
        </Box>
      ),
    },
  ];
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <IconAction label="Refresh upload requests" onClick={() => void refetch()}>
          <RefreshOutlined fontSize="small" />
        </IconAction>
      </Box>
      <FileTable
        label="Upload requests"
        rows={data?.items ?? []}
        columns={columns}
        loading={isFetching}
        noRowsLabel="No upload requests yet."
      />
    </>
  );
}
