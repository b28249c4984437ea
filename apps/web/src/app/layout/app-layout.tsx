import { Suspense, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { DRAWER_WIDTH } from '@scrutineer/contracts';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { PageTransition } from '../../components/page-transition';
import { useAccess } from '../guards/use-access';
import { AppTopBar } from './app-top-bar';
import { DrawerContent } from './drawer-content';
import { useProfileOrSignOut } from './use-profile-or-sign-out';
import { useScrollReset } from './use-scroll-reset';

const paperSx = { width: DRAWER_WIDTH, boxSizing: 'border-box', bgcolor: '#131019' } as const;

/** The signed-in shell: app bar, drawer (permanent on wide screens) and the content area. */
export function AppLayout() {
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [menuOpen, setMenuOpen] = useState(false);
  const content = useRef<HTMLElement>(null);
  const profile = useProfileOrSignOut();
  const { role } = useAccess();
  useScrollReset(content);

  const drawer = (
    <DrawerContent profile={profile} role={role} onNavigate={() => setMenuOpen(false)} />
  );

  return (
    <Box sx={{ display: 'flex', height: '100vh', overflow: 'hidden' }}>
      <AppTopBar isDesktop={isDesktop} role={role} onOpenMenu={() => setMenuOpen(true)} />
      {isDesktop ? (
        <Drawer
          variant="permanent"
          sx={{ width: DRAWER_WIDTH, flexShrink: 0 }}
          slotProps={{ paper: { sx: paperSx } }}
        >
          {drawer}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          slotProps={{ paper: { sx: paperSx } }}
        >
          {drawer}
        </Drawer>
      )}
      <Box
        component="main"
        ref={content}
        sx={{ flexGrow: 1, minWidth: 0, overflowY: 'auto', height: '100vh' }}
      >
        <Toolbar />
        <Box sx={{ px: { xs: 2, sm: 3, md: 5 }, py: { xs: 3, md: 4 }, maxWidth: 1280 }}>
          <Suspense fallback={<FullPageSpinner />}>
            <PageTransition>
              <Outlet />
            </PageTransition>
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
