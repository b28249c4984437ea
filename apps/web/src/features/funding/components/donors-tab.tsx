import { useState } from 'react';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { SearchField } from '../../../components/search-field';
import { useDonors } from '../api/projects';

/** Donors who chose to be listed: Donation and Name with state. */
export function DonorsTab({ projectRef }: { projectRef: string }) {
  const [search, setSearch] = useState('');
  const { data } = useDonors(projectRef, search);
  const donors = data?.donors ?? [];
  return (
    <Stack spacing={2}>
      <SearchField value={search} onChange={setSearch} />
      <Table size="small" aria-label="Donors">
        <TableHead>
          <TableRow>
            <TableCell>Donation</TableCell>
            <TableCell>Name</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {donors.map((donor, index) => (
            <TableRow key={index}>
              <TableCell>${donor.price.toLocaleString('en-US')}</TableCell>
              <TableCell>
                {donor.name}
                {donor.state ? `, ${donor.state}` : ''}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {data && donors.length === 0 && <Typography color="textSecondary">No donors yet.</Typography>}
    </Stack>
  );
}
