import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { TIMINGS } from '@scrutineer/contracts';

/** After each navigation the content area scrolls to the top, 200 ms later (spec). */
export function useScrollReset(container?: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const timer = window.setTimeout(() => {
      container?.current?.scrollTo({ top: 0 });
      window.scrollTo({ top: 0 });
    }, TIMINGS.scrollResetMs);
    return () => window.clearTimeout(timer);
    // The container ref is stable: only a new path triggers the reset.
  }, [pathname]);
}
