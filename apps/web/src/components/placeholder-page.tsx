import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { PageHeader } from './page-header';

interface PlaceholderPageProps {
  title: string;
}

/** Stands in for a screen whose feature has not been built yet. */
export function PlaceholderPage({ title }: PlaceholderPageProps) {
  return (
    <>
      <PageHeader title={title} />
      <Paper
        variant="outlined"
        sx={{ p: 4, display: 'flex', alignItems: 'center', gap: 2, color: 'text.secondary' }}
      >
        <ConstructionOutlined color="primary" />
        <Typography>This page arrives with its feature.</Typography>
      </Paper>
    </>
  );
}
