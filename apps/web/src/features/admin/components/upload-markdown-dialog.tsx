import { useState, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { ADMIN_MESSAGES, MARKDOWN_LIMITS, MESSAGES } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useUploadMarkdown } from '../api/markdown-transfer';

/** Checks chosen files against the upload's limits; the server checks them again. */
function checkFiles(files: File[]): string | null {
  if (files.length > MARKDOWN_LIMITS.maxFiles) return ADMIN_MESSAGES.markdownTooMany;
  if (files.some((file) => !file.name.toLowerCase().endsWith(MARKDOWN_LIMITS.extension))) {
    return ADMIN_MESSAGES.markdownOnly;
  }
  if (files.some((file) => file.size > MARKDOWN_LIMITS.maxBytes)) {
    return ADMIN_MESSAGES.markdownTooLarge;
  }
  return null;
}

/** Upload New Markdown: a title and .md files, sent when Add is pressed. */
export function UploadMarkdownDialog({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const upload = useUploadMarkdown();
  const [title, setTitle] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  function choose(list: FileList | null) {
    const chosen = Array.from(list ?? []);
    setFileError(checkFiles(chosen));
    setFiles(chosen);
  }

  function add() {
    const missingTitle = title.trim() ? null : MESSAGES.required;
    const problem = files.length === 0 ? ADMIN_MESSAGES.markdownNoFile : checkFiles(files);
    setTitleError(missingTitle);
    setFileError(problem);
    if (missingTitle || problem) return;
    upload.mutate(
      { title: title.trim(), fileType: MARKDOWN_LIMITS.homeFileType, files },
      {
        onSuccess: (saved) => {
          notify.success(saved.message);
          onClose();
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Upload New Markdown</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Title"
            required
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={Boolean(titleError)}
            helperText={titleError}
          />
          <Box
            component="label"
            onDragOver={(event: DragEvent) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            sx={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              gap: 1,
              p: 4,
              border: 2,
              borderStyle: 'dashed',
              borderRadius: 2,
              borderColor: fileError ? 'error.main' : dragging ? 'primary.main' : 'divider',
              cursor: 'pointer',
              textAlign: 'center',
            }}
          >
            <UploadFileOutlined color="primary" fontSize="large" />
            <Typography>Drop .md files here or click to choose</Typography>
            <Typography variant="body2" color="textSecondary">
              Up to {MARKDOWN_LIMITS.maxFiles} files of at most 5 MB. The file becomes the Home
              page.
            </Typography>
            <input
              type="file"
              accept=".md,text/markdown"
              multiple
              hidden
              aria-label="Markdown file"
              onChange={(event) => choose(event.target.files)}
            />
          </Box>
          {files.length > 0 && (
            <Typography variant="body2">{files.map((file) => file.name).join(', ')}</Typography>
          )}
          {fileError && (
            <Typography color="error" variant="body2" role="alert">
              {fileError}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="contained" onClick={add} disabled={upload.isPending}>
          Add
        </Button>
      </DialogActions>
    </Dialog>
  );
}
