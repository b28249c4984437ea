import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { JOB_FILE_MESSAGES, type AuditJob, type JobFile } from '@scrutineer/contracts';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { DeleteAction } from '../../../components/delete-action';
import { EmptyTableRow } from '../../../components/empty-table-row';
import { IconAction } from '../../../components/icon-action';
import { useNotify } from '../../../components/notifications/use-notify';
import { SearchField } from '../../../components/search-field';
import { errorMessage } from '../../../lib/api-error';
import {
  downloadJobFile,
  readJsonFile,
  useDeleteJobFile,
  useGenerateFile,
  useJobFiles,
} from '../api/job-files';
import { AdoptedSettingDialog } from './adopted-setting-dialog';
import { formatFileSize, formatTimestamp } from './file-format';
import { JobFileStepBox, NextStepLine, nextJobFileStep } from './job-file-steps';
import { JsonEditorDialog } from './json-editor-dialog';
import { SettingsFormDialog } from './settings-form-dialog';
import { UploadJobFilesDialog } from './upload-job-files-dialog';
import { VendorDialog } from './vendor-dialog';

type Open = 'upload' | 'settings' | 'vendor' | null;

/** Job Files: the job's files and its adopted election files, with the spec's buttons. */
export function JobFilesTab({ job }: { job: AuditJob }) {
  const notify = useNotify();
  const [search, setSearch] = useState('');
  const files = useJobFiles(job.id, search);
  const remove = useDeleteJobFile(job.id);
  const generate = useGenerateFile(job.id);
  const [open, setOpen] = useState<Open>(null);
  const [deleting, setDeleting] = useState<JobFile | null>(null);
  const [adopted, setAdopted] = useState<{ fileName: string | null } | null>(null);
  const [json, setJson] = useState<{ text: string } | null>(null);
  const items = files.data?.items ?? [];
  const jobFile = items.find((f) => !f.adopted && f.file_type === 'JOB');
  const jsonFile = items.find((f) => !f.adopted && f.file_type === 'JSON');
  const hasInputs = items.some(
    (f) => !f.adopted && f.file_type !== 'JOB' && f.file_type !== 'JSON',
  );
  const next = nextJobFileStep(Boolean(jobFile), Boolean(jsonFile));
  const onError = (error: unknown) => notify.error(errorMessage(error));

  const generateJson = (isUpdate: boolean) => {
    if (jsonFile && !isUpdate)
      return notify.error(JOB_FILE_MESSAGES.fileExists(jsonFile.file_name));
    generate.mutate(
      { isUpdate },
      { onSuccess: (answer) => notify.success(answer.message), onError },
    );
  };
  const edit = (file: JobFile) => {
    if (file.file_type === 'JOB') setAdopted({ fileName: file.file_name });
    else readJsonFile(file.url).then((text) => setJson({ text }), onError);
  };

  return (
    <>
      <Box sx={{ mb: 2 }}>
        <SearchField value={search} onChange={setSearch} />
      </Box>
      {/* The buttons in the order a job needs them, the next step marked. */}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
        <JobFileStepBox step={1} title="Job file" next={next} done={Boolean(jobFile)} grow={2}>
          <Button
            variant={next === 1 ? 'contained' : 'outlined'}
            onClick={() =>
              jobFile ? notify.error(JOB_FILE_MESSAGES.jobFileExists) : setOpen('settings')
            }
          >
            Create Job File
          </Button>
          <Button variant="outlined" onClick={() => setOpen('vendor')}>
            Vendor Template
          </Button>
          <Button variant="outlined" onClick={() => setAdopted({ fileName: null })}>
            Job Setting
          </Button>
          <Button variant="outlined" component={RouterLink} to={`/job-settings/${job.id}`}>
            {jobFile ? 'Edit Job Settings' : 'Create Job Settings'}
          </Button>
        </JobFileStepBox>
        <JobFileStepBox step={2} title="Input files" next={next} done={hasInputs} optional>
          <Button variant="outlined" onClick={() => setOpen('upload')}>
            Upload File
          </Button>
        </JobFileStepBox>
        <JobFileStepBox step={3} title="Election JSON" next={next} done={Boolean(jsonFile)}>
          <Button
            variant={next === 3 ? 'contained' : 'outlined'}
            onClick={() => generateJson(false)}
            disabled={generate.isPending}
          >
            Create Audit
          </Button>
          <Button
            variant="outlined"
            onClick={() => generateJson(true)}
            disabled={generate.isPending}
          >
            Generate Json File
          </Button>
        </JobFileStepBox>
      </Box>
      {!search.trim() && !files.isPending && <NextStepLine next={next} />}
      {files.error && <Alert severity="error">{errorMessage(files.error)}</Alert>}
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Job files">
          <TableHead>
            <TableRow>
              {['File Name', 'File Type', 'Size', 'Etag', 'Last Modified'].map((h) => (
                <TableCell key={h} sx={{ fontWeight: 600 }}>
                  {h}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                Actions
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.length === 0 && <EmptyTableRow colSpan={6}>No files yet.</EmptyTableRow>}
            {items.map((file) => (
              <TableRow key={`${file.adopted ? 'a' : 'j'}${file.id}`}>
                <TableCell>{file.file_name}</TableCell>
                <TableCell>{file.file_type}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatFileSize(file.size)}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>
                  {file.etag.slice(0, 20)}
                </TableCell>
                <TableCell>{formatTimestamp(file.last_modified)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {file.can.update && (
                    <IconAction label={`Edit ${file.file_name}`} onClick={() => edit(file)}>
                      <EditOutlined fontSize="small" />
                    </IconAction>
                  )}
                  {file.url && (
                    <IconAction
                      label={`Download ${file.file_name}`}
                      onClick={() => void downloadJobFile(file.url, file.file_name).catch(onError)}
                    >
                      <DownloadOutlined fontSize="small" />
                    </IconAction>
                  )}
                  {file.can.delete && (
                    <DeleteAction name={file.file_name} onClick={() => setDeleting(file)} />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <UploadJobFilesDialog
        jobId={job.id}
        files={items}
        open={open === 'upload'}
        onClose={() => setOpen(null)}
      />
      <SettingsFormDialog
        job={job}
        files={items}
        open={open === 'settings'}
        onClose={() => setOpen(null)}
      />
      <VendorDialog
        jobId={job.id}
        hasJobFile={Boolean(jobFile)}
        open={open === 'vendor'}
        onClose={() => setOpen(null)}
      />
      {adopted && (
        <AdoptedSettingDialog
          jobId={job.id}
          fileName={adopted.fileName}
          defaultName={jobFile ? '' : `JOB_${job.name.replace(/[^A-Za-z0-9_-]+/g, '_')}.csv`}
          onClose={() => setAdopted(null)}
        />
      )}
      <JsonEditorDialog
        open={json !== null}
        title="Edit JSON file"
        initial={json?.text ?? ''}
        pending={generate.isPending}
        onClose={() => setJson(null)}
        onSave={(text) =>
          generate.mutate(
            { json: text, isUpdate: true },
            {
              onSuccess: (answer) => {
                notify.success(answer.message);
                setJson(null);
              },
              onError,
            },
          )
        }
      />
      <ConfirmDeleteDialog
        target={deleting && { id: deleting.file_name, name: deleting.file_name }}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
