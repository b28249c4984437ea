import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { Attachment, AuditJob } from '@scrutineer/contracts';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { DeleteAction } from '../../../components/delete-action';
import { EmptyTableRow } from '../../../components/empty-table-row';
import { IconAction } from '../../../components/icon-action';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { downloadAttachment, useAttachments, useDeleteAttachment } from '../api/attachments';
import { AttachDialog } from './attach-dialog';
import { MarkdownView } from './markdown-view';

/** The job's attachments: Sl.No, Username, File Name, Actions. */
export function JobAttachments({ job }: { job: AuditJob }) {
  const notify = useNotify();
  const list = useAttachments(job.id);
  const remove = useDeleteAttachment(job.id);
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<Attachment | null>(null);
  const [deleting, setDeleting] = useState<Attachment | null>(null);
  const download = (row: Attachment) =>
    downloadAttachment(row.attech_url, row.audit_file_name).catch((error: unknown) =>
      notify.error(errorMessage(error)),
    );

  return (
    <Box sx={{ mt: 4 }}>
      <Divider sx={{ mb: 2 }} />
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          Attachments
        </Typography>
        {job.can.files && (
          <Button
            startIcon={<AttachFileOutlined />}
            variant="outlined"
            onClick={() => setAdding(true)}
          >
            Attech New File
          </Button>
        )}
      </Box>
      <Table size="small" aria-label="Attachments">
        <TableHead>
          <TableRow>
            <TableCell>Sl.No</TableCell>
            <TableCell>Username</TableCell>
            <TableCell>File Name</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.data?.items.length === 0 && (
            <EmptyTableRow colSpan={4}>No attachments yet.</EmptyTableRow>
          )}
          {list.data?.items.map((row, index) => (
            <TableRow key={row.id}>
              <TableCell>{index + 1}</TableCell>
              <TableCell>{row.users.email}</TableCell>
              <TableCell>{row.audit_file_name}</TableCell>
              <TableCell align="right">
                <IconAction
                  label={`Description of ${row.audit_file_name}`}
                  onClick={() => setViewing(row)}
                >
                  <DescriptionOutlined fontSize="small" />
                </IconAction>
                <IconAction
                  label={`Download ${row.audit_file_name}`}
                  onClick={() => void download(row)}
                >
                  <FileDownloadOutlined fontSize="small" />
                </IconAction>
                {row.can.delete && (
                  <DeleteAction name={row.audit_file_name} onClick={() => setDeleting(row)} />
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <AttachDialog jobId={job.id} open={adding} onClose={() => setAdding(false)} />
      <Dialog open={viewing !== null} onClose={() => setViewing(null)} fullWidth maxWidth="sm">
        <DialogTitle>{viewing?.audit_file_name}</DialogTitle>
        <DialogContent dividers>
          <MarkdownView text={viewing?.description ?? ''} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setViewing(null)}>Close</Button>
        </DialogActions>
      </Dialog>
      <ConfirmDeleteDialog
        target={deleting && { id: deleting.id, name: deleting.audit_file_name }}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
