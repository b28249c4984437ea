import { useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { formatProgress, type Project } from '@scrutineer/contracts';
import { PageHeader } from '../../../components/page-header';
import { SearchField } from '../../../components/search-field';
import { useProjects } from '../api/projects';
import { ProjectDialog } from './project-dialog';

/** /projects: search, the list, and Add Project / edit for project_permission. */
export function ProjectsListPage() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Project | null | 'new'>(null);
  const { data } = useProjects(search);
  const canCreate = data?.can.create ?? false;
  return (
    <>
      <PageHeader
        title="Projects"
        subtitle="Fundraising and audit campaigns"
        actions={
          canCreate ? (
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => setEditing('new')}
            >
              Add Project
            </Button>
          ) : undefined
        }
      />
      <Stack spacing={2}>
        <SearchField value={search} onChange={setSearch} />
        <Paper variant="outlined">
          <List disablePadding aria-label="Projects">
            {(data?.projects ?? []).map((project) => (
              <ListItemButton
                key={project.id}
                divider
                onClick={() => void navigate(`/projects/${encodeURIComponent(project.name)}`)}
              >
                <ListItemText
                  primary={project.name}
                  secondary={`${project.description} · ${formatProgress(project.progress)}% funded${project.active ? '' : ' · inactive'}`}
                />
                {project.can.update && (
                  <IconButton
                    aria-label={`Edit ${project.name}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      setEditing(project);
                    }}
                  >
                    <EditOutlined />
                  </IconButton>
                )}
              </ListItemButton>
            ))}
          </List>
          {data && data.projects.length === 0 && (
            <Typography color="textSecondary" sx={{ p: 3 }}>
              No projects found.
            </Typography>
          )}
        </Paper>
      </Stack>
      {editing && (
        <ProjectDialog
          project={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
