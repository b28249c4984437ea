import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { MarkdownView } from '../../../components/markdown-view';
import type { Operation } from '@scrutineer/contracts';

/** The help of a stage: what it does, what it needs, what it writes. */
export function HelpDialog({ operation, onClose }: { operation: Operation; onClose: () => void }) {
  const text = operation.help || operation.description;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{`Help: ${operation.operation}`}</DialogTitle>
      <DialogContent dividers>
        {text ? (
          <MarkdownView>{text}</MarkdownView>
        ) : (
          <Typography color="textSecondary">No help is written for this stage.</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
