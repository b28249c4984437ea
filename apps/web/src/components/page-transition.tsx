import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Fade from '@mui/material/Fade';

const WITHOUT_TRANSITION = ['/session/', '/upload/', '/verify/'];

/** A short fade between pages, except where the spec wants none (session, upload, verify). */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  if (WITHOUT_TRANSITION.some((prefix) => pathname.startsWith(prefix))) return <>{children}</>;
  return (
    <Fade key={pathname} in appear timeout={180}>
      <Box>{children}</Box>
    </Fade>
  );
}
