import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import { IconAction } from '../../../components/icon-action';

interface SectionCardProps {
  title: string;
  onRefresh: () => void;
  actions?: ReactNode;
  children: ReactNode;
}

/** A titled card with a refresh button, as the File Upload tab's two cards. */
export function SectionCard({ title, onRefresh, actions, children }: SectionCardProps) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
        <IconAction label={`Refresh ${title}`} onClick={onRefresh}>
          <RefreshOutlined fontSize="small" />
        </IconAction>
      </Box>
      {children}
    </Paper>
  );
}
