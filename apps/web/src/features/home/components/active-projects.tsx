import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatDollars, formatProgress, toCents } from '@scrutineer/contracts';
import { errorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/dates';
import { useActiveProjects } from '../api/list-active-projects';

/** The Active Projects tab: a card per active project with its funding progress. */
export function ActiveProjects() {
  const { data, error, isPending } = useActiveProjects(true);
  if (isPending) return <Skeleton variant="rounded" height={120} />;
  if (error) return <Alert severity="warning">{errorMessage(error)}</Alert>;
  if (data.projects.length === 0) {
    return <Typography color="textSecondary">No project is raising funds right now.</Typography>;
  }
  return (
    <Box
      component="ul"
      aria-label="Active projects"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
        gap: 2,
        listStyle: 'none',
        p: 0,
        m: 0,
      }}
    >
      {data.projects.map((project) => (
        <Card component="li" key={project.id} variant="outlined">
          <CardActionArea
            component={RouterLink}
            to={`/projects/${encodeURIComponent(project.name)}`}
            sx={{ height: '100%' }}
          >
            <CardContent>
              <Typography variant="h6" component="h3">
                {project.name}
              </Typography>
              <Typography color="textSecondary" variant="body2" sx={{ mb: 2, minHeight: 20 }}>
                {project.description}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={Math.min(100, project.progress)}
                aria-label={`Funding of ${project.name}`}
                sx={{ height: 8, borderRadius: 4, mb: 1 }}
              />
              <Typography variant="body2">
                {formatDollars(toCents(project.received_donation))} raised
                {project.donation_target > 0 &&
                  ` of ${formatDollars(toCents(project.donation_target))} (${formatProgress(project.progress)}%)`}
              </Typography>
              <Typography variant="caption" color="textSecondary">
                {[project.state, project.country].filter(Boolean).join(', ')}
                {project.election_date ? ` · election ${formatDate(project.election_date)}` : ''}
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}
