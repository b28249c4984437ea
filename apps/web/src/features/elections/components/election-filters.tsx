import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { District } from '@scrutineer/contracts';
import { SearchField } from '../../../components/search-field';
import { useProjectOptions } from '../api/list-project-options';
import { DistrictPicker } from './district-picker';

interface ElectionFiltersProps {
  search: string;
  onSearch: (text: string) => void;
  district: District | null;
  onDistrict: (district: District | null) => void;
  projectId: number | null;
  onProject: (projectId: number | null) => void;
}

/** Search, project and district filters of the election list. */
export function ElectionFilters({
  search,
  onSearch,
  district,
  onDistrict,
  projectId,
  onProject,
}: ElectionFiltersProps) {
  const projects = useProjectOptions();
  const options = projects.data ?? [];
  // Until the options arrive, a project id from the address still shows as chosen.
  const value = projectId !== null && options.some((p) => p.id === projectId) ? projectId : 'all';
  return (
    <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <SearchField value={search} onChange={onSearch} />
      <TextField
        select
        size="small"
        label="Project"
        value={value}
        onChange={(event) =>
          onProject(event.target.value === 'all' ? null : Number(event.target.value))
        }
        sx={{ width: 220 }}
      >
        <MenuItem value="all">All projects</MenuItem>
        {options.map((project) => (
          <MenuItem key={project.id} value={project.id}>
            {project.name}
          </MenuItem>
        ))}
      </TextField>
      <DistrictPicker value={district} onChange={onDistrict} size="small" width={300} />
    </Box>
  );
}
