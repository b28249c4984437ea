import { Suspense } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { BrandMark } from '../../components/brand-mark';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { PageTransition } from '../../components/page-transition';

const BACKDROP =
  'radial-gradient(900px 500px at 15% -10%, rgba(124, 77, 255, 0.28), transparent 60%),' +
  'radial-gradient(700px 420px at 110% 110%, rgba(77, 208, 196, 0.12), transparent 60%)';

/** Sign-in, sign-up, password and verification screens: the product name over a centred card. */
export function AuthLayout() {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 4,
        px: 2,
        py: 6,
        background: BACKDROP,
      }}
    >
      <BrandMark size="large" />
      <Suspense fallback={<FullPageSpinner />}>
        <PageTransition>
          <Box sx={{ width: '100%', display: 'flex', justifyContent: 'center' }}>
            <Outlet />
          </Box>
        </PageTransition>
      </Suspense>
    </Box>
  );
}
