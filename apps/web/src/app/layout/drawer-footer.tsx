import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import { useSignOut } from '../../features/auth/api/sign-out';
import { formatVersion, useVersion } from '../../features/system/api/get-version';

/** Logout and the release label from GET /compute/version. */
export function DrawerFooter() {
  const signOut = useSignOut();
  const { data: version } = useVersion();
  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<LogoutRounded />}
        onClick={() => signOut.mutate()}
        disabled={signOut.isPending}
        sx={{ borderColor: 'divider' }}
      >
        Logout
      </Button>
      {version && (
        <Typography
          variant="caption"
          color="textSecondary"
          data-testid="app-version"
          sx={{ textAlign: 'center' }}
        >
          {formatVersion(version)}
        </Typography>
      )}
    </Box>
  );
}
