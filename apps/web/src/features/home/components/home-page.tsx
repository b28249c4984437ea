import { useState } from 'react';
import { useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@scrutineer/contracts';
import { MarkdownView } from '../../../components/markdown-view';
import { PageHeader } from '../../../components/page-header';
import { TabbedCard } from '../../../components/tabbed-card';
import { errorMessage } from '../../../lib/api-error';
import { isDeniedState } from '../../../lib/denied-state';
import { useMarkdownHomeRefresh } from '../api/check-markdown-home';
import { useMarkdownHome } from '../api/get-markdown-home';
import { ActiveProjects } from './active-projects';

type HomeTab = 'Home' | 'ActiveProjects';
const TABS = [
  { value: 'Home', label: 'Home' },
  { value: 'ActiveProjects', label: 'Active Projects' },
] as const;

function HomeMarkdown() {
  const home = useMarkdownHome();
  useMarkdownHomeRefresh();
  if (home.isPending) return <Skeleton variant="rounded" height={160} />;
  if (home.error) return <Alert severity="warning">{errorMessage(home.error)}</Alert>;
  if (!home.data.text_msg.trim()) {
    return (
      <Typography color="textSecondary">
        Nothing has been posted here yet. News from the Admin appears on this page.
      </Typography>
    );
  }
  return <MarkdownView>{home.data.text_msg}</MarkdownView>;
}

/** /home: the Admin's Home markdown and the active projects (spec part 1, "Home board"). */
export function HomePage() {
  const location = useLocation();
  const [tab, setTab] = useState<HomeTab>('Home');
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
      <TabbedCard tabs={TABS} value={tab} onChange={setTab} label="Home board">
        {tab === 'Home' ? <HomeMarkdown /> : <ActiveProjects />}
      </TabbedCard>
    </>
  );
}
