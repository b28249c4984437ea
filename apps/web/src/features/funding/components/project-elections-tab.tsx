import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useProjectElections } from '../api/projects';
import { formatDate } from '../../../lib/dates';

/** The project's elections: Name, Type, Privacy, Location, Date, Role, Actions. */
export function ProjectElectionsTab({
  projectRef,
  linked,
}: {
  projectRef: string;
  linked: boolean;
}) {
  const { data } = useProjectElections(projectRef);
  const rows = data?.elections ?? [];
  return (
    <>
      <Table size="small" aria-label="Elections">
        <TableHead>
          <TableRow>
            {['Name', 'Type', 'Privacy', 'Location', 'Date', 'Role', 'Actions'].map((label) => (
              <TableCell key={label}>{label}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>{row.name}</TableCell>
              <TableCell>{row.e_type}</TableCell>
              <TableCell>{row.privacy}</TableCell>
              <TableCell>
                {[row.county, row.state, row.country].filter(Boolean).join(', ')}
              </TableCell>
              <TableCell>{formatDate(row.date)}</TableCell>
              <TableCell>{row.role ?? ''}</TableCell>
              <TableCell>
                {linked && row.role ? <Link to={`/elections/${row.id}`}>Open</Link> : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {data && rows.length === 0 && (
        <Typography color="textSecondary" sx={{ mt: 2 }}>
          No elections in this project yet.
        </Typography>
      )}
    </>
  );
}
