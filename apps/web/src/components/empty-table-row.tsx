import type { ReactNode } from 'react';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

/** The one row of a table with nothing in it yet, across all its columns. */
export function EmptyTableRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan}>
        <Typography variant="body2" color="textSecondary">
          {children}
        </Typography>
      </TableCell>
    </TableRow>
  );
}
