import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ADMIN_MESSAGES, MESSAGES, type MarkdownFile } from '@scrutineer/contracts';
import { MarkdownEditor } from '../../../components/markdown-editor';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useEditMarkdown, useMarkdownFile } from '../api/markdown-files';

/** Edit Markdown: the title and the page in a markdown editor. */
export function EditMarkdownDialog({ file, onClose }: { file: MarkdownFile; onClose: () => void }) {
  const notify = useNotify();
  const detail = useMarkdownFile(file.id);
  const save = useEditMarkdown(file.id);
  const [title, setTitle] = useState(file.title);
  const [content, setContent] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ title?: string; content?: string }>({});

  useEffect(() => {
    if (detail.data && content === null) setContent(detail.data.markdown_content);
  }, [detail.data, content]);

  function submit() {
    const found = {
      ...(title.trim() ? {} : { title: MESSAGES.required }),
      ...(content?.trim() ? {} : { content: ADMIN_MESSAGES.markdownRequired }),
    };
    setErrors(found);
    if (found.title || found.content || content === null) return;
    save.mutate(
      { title: title.trim(), markdown_content: content, file_name: file.file_name },
      {
        onSuccess: (saved) => {
          notify.success(saved.message);
          onClose();
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>Edit Markdown</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Title"
            required
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={Boolean(errors.title)}
            helperText={errors.title}
          />
          {detail.error && <Alert severity="warning">{errorMessage(detail.error)}</Alert>}
          {content === null ? (
            <Skeleton variant="rounded" height={300} />
          ) : (
            <MarkdownEditor value={content} onChange={setContent} error={errors.content} />
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending || content === null}>
          Update
        </Button>
      </DialogActions>
    </Dialog>
  );
}
