import { Suspense } from 'react';
import { Link as RouterLink, Outlet } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import { BrandMark } from '../../components/brand-mark';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { PageTransition } from '../../components/page-transition';
import { useSession } from '../../lib/session';
import { useScrollReset } from './use-scroll-reset';

/** Pages that never need login: public donations, upload links, payment outcomes. */
export function PublicLayout() {
  const session = useSession();
  useScrollReset();
  return (
    <Box sx={{ minHeight: '100vh' }}>
      <AppBar
        position="sticky"
        sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'rgba(14, 12, 20, 0.85)' }}
      >
        <Toolbar>
          <Box
            component={RouterLink}
            to="/public"
            sx={{ color: 'inherit', textDecoration: 'none' }}
          >
            <BrandMark />
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <Button
            component={RouterLink}
            to={session ? '/home' : '/session/login'}
            variant="outlined"
          >
            {session ? 'Open the app' : 'Sign In'}
          </Button>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        <Suspense fallback={<FullPageSpinner />}>
          <PageTransition>
            <Outlet />
          </PageTransition>
        </Suspense>
      </Container>
    </Box>
  );
}
