import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { markdownRoutes, TIMINGS } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { homeKeys } from './home-keys';

/**
 * The spec's refresh check: GET /markdown-home-check 4 seconds after load and every 4 seconds
 * after; when its version moves, the markdown is loaded again, so the page never reloads.
 */
export function useMarkdownHomeRefresh() {
  const queryClient = useQueryClient();
  const seen = useRef<string | null>(null);
  const check = useQuery({
    queryKey: homeKeys.check(),
    queryFn: ({ signal }) => api.call(markdownRoutes.homeCheck, { signal }),
    refetchInterval: TIMINGS.markdownRefreshCheckMs,
    refetchIntervalInBackground: false,
  });
  const version = check.data?.version;
  useEffect(() => {
    if (version === undefined) return;
    if (seen.current !== null && seen.current !== version) {
      void queryClient.invalidateQueries({ queryKey: homeKeys.markdown() });
    }
    seen.current = version;
  }, [version, queryClient]);
}
