import { useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@scrutineer/contracts';
import { PageHeader } from '../../../components/page-header';
import { isDeniedState } from '../../../lib/denied-state';

/** /home: the home board arrives with its feature; it also explains a refused page. */
export function HomePage() {
  const location = useLocation();
  return (
    <>
      <PageHeader
        title="Home"
        subtitle="Audits, projects and news from the Scrutineer community."
      />
      {isDeniedState(location.state) && (
        <Alert severity="warning" sx={{ mb: 3 }} role="alert">
          {MESSAGES.noPermission}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 4 }}>
        <Typography color="textSecondary">
          The home board with its news and active projects arrives with its feature.
        </Typography>
      </Paper>
    </>
  );
}
