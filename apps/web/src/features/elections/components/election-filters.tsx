import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { District } from '@scrutineer/contracts';
import { SearchField } from '../../../components/search-field';
import { DistrictPicker } from './district-picker';

interface ElectionFiltersProps {
  search: string;
  onSearch: (text: string) => void;
  district: District | null;
  onDistrict: (district: District | null) => void;
}

/** Search, project and district filters of the election list. */
export function ElectionFilters({ search, onSearch, district, onDistrict }: ElectionFiltersProps) {
  return (
    <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <SearchField value={search} onChange={onSearch} />
      {/* Projects arrive with their issue; until then every election is in "All projects". */}
      <TextField select size="small" label="Project" value="all" sx={{ width: 200 }} disabled>
        <MenuItem value="all">All projects</MenuItem>
      </TextField>
      <DistrictPicker value={district} onChange={onDistrict} size="small" width={300} />
    </Box>
  );
}
