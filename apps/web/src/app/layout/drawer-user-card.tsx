import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Profile } from '@scrutineer/contracts';

interface DrawerUserCardProps {
  profile: Profile | undefined;
}

function initialOf(profile: Profile): string {
  return (profile.first_name.trim()[0] ?? profile.email[0] ?? '?').toUpperCase();
}

/** The signed-in user's initial, name and e-mail at the top of the drawer. */
export function DrawerUserCard({ profile }: DrawerUserCardProps) {
  return (
    <Box
      data-testid="drawer-user"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2.5, py: 2, minWidth: 0 }}
    >
      {profile ? (
        <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700 }}>
          {initialOf(profile)}
        </Avatar>
      ) : (
        <Skeleton variant="circular" width={40} height={40} />
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography noWrap sx={{ fontWeight: 600 }}>
          {profile ? `${profile.first_name} ${profile.last_name}` : <Skeleton width={120} />}
        </Typography>
        <Typography variant="body2" color="textSecondary" noWrap title={profile?.email}>
          {profile ? profile.email : <Skeleton width={150} />}
        </Typography>
      </Box>
    </Box>
  );
}
