import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { District } from '@scrutineer/contracts';
import { IconAction } from '../../../components/icon-action';

/** Address, district, state and country, the parts that are filled. */
export function districtLocation(district: District): string {
  return [district.address, district.district_name, district.state_name, district.country]
    .filter(Boolean)
    .join(', ');
}

/** Columns of the district list; plain users (role User) get no edit action. */
export function districtColumns(
  canEdit: boolean,
  open: (district: District) => void,
): GridColDef<District>[] {
  return [
    {
      field: 'name',
      headerName: 'Name',
      flex: 1.2,
      minWidth: 200,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={`/districts/${row.id}`}>
          {row.name}
        </Link>
      ),
    },
    {
      field: 'district_name',
      headerName: 'Location',
      flex: 1.5,
      minWidth: 220,
      valueGetter: (_value, row) => districtLocation(row),
    },
    {
      field: 'contacts',
      headerName: 'Contacts',
      width: 110,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={`/districts/${row.id}?activetab=Contacts`}>
          {row.contacts}
        </Link>
      ),
    },
    {
      field: 'elections',
      headerName: 'Elections',
      width: 110,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={`/elections?districtId=${row.id}`}>
          {row.elections}
        </Link>
      ),
    },
    {
      field: 'audits',
      headerName: 'Audits',
      width: 100,
      sortable: false,
      renderCell: ({ row }) => (
        <Link
          component={RouterLink}
          to={`/audit-jobs?districtName=${encodeURIComponent(row.name)}`}
        >
          Audits
        </Link>
      ),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 100,
      sortable: false,
      renderCell: ({ row }) =>
        canEdit ? (
          <IconAction label={`Edit ${row.name}`} onClick={() => open(row)}>
            <EditOutlined fontSize="small" />
          </IconAction>
        ) : (
          <Typography component="span" color="textSecondary">
            -
          </Typography>
        ),
    },
  ];
}
