import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import { PageHeader } from '../../../components/page-header';
import { ToolsPanel } from './tools-panel';

/** /tools (Admin): the global tools, with Restart RDS. */
export function ToolsPage({ restart }: { restart?: ReactNode }) {
  return (
    <>
      <PageHeader title="Tools" />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <ToolsPanel jobId={null} restart={restart} />
      </Paper>
    </>
  );
}
