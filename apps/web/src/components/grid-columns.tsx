import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { MemberRole } from '@scrutineer/contracts';
import { DeleteAction } from './delete-action';
import { IconAction } from './icon-action';
import { RoleChip } from './role-chip';

interface NamedRow extends GridValidRowModel {
  name: string;
}

/** The Name column of a list: the name links to the record's own page. */
export function nameLinkColumn<Row extends NamedRow>(
  to: (row: Row) => string,
  size: { flex: number; minWidth: number },
): GridColDef<Row> {
  return {
    field: 'name',
    headerName: 'Name',
    ...size,
    // A long name takes up to three lines of the row (they fit its 52 px) rather than being cut.
    renderCell: ({ row }) => (
      <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
        <Link
          component={RouterLink}
          to={to(row)}
          title={row.name}
          sx={{
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            whiteSpace: 'normal',
            lineHeight: 1.2,
          }}
        >
          {row.name}
        </Link>
      </Box>
    ),
  };
}

/** The caller's role on the record, as a chip. */
export function roleColumn<Row extends GridValidRowModel & { role: MemberRole }>(
  width: number,
): GridColDef<Row> {
  return {
    field: 'role',
    headerName: 'Role',
    width,
    renderCell: ({ row }) => <RoleChip role={row.role} />,
  };
}

interface OpenDeleteActions<Row> {
  open: (row: Row) => void;
  remove: (row: Row) => void;
}

/** Open, and Delete where the record allows it. */
export function openDeleteColumn<Row extends NamedRow & { can: { delete: boolean } }>({
  open,
  remove,
}: OpenDeleteActions<Row>): GridColDef<Row> {
  return {
    field: 'actions',
    headerName: 'Actions',
    width: 90,
    sortable: false,
    renderCell: ({ row }) => (
      <>
        <IconAction label={`Open ${row.name}`} onClick={() => open(row)}>
          <OpenInNewOutlined fontSize="small" />
        </IconAction>
        {row.can.delete && <DeleteAction name={row.name} onClick={() => remove(row)} />}
      </>
    ),
  };
}
