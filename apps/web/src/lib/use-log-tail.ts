import { useQuery } from '@tanstack/react-query';
import { fetchFreshText } from './api-files';

/**
 * Tails an operation log: fetched past every cache, again every `pollMs` while given.
 * A failed fetch is only logged (spec part 3 §8); the last text read stays on screen.
 */
export function useLogTail(url: string | null, pollMs: number | false) {
  return useQuery({
    queryKey: ['log-tail', url],
    queryFn: async ({ signal }) => {
      try {
        return { text: await fetchFreshText(url ?? '', signal), at: Date.now() };
      } catch (error) {
        console.warn('Log fetch failed', url, error);
        throw error;
      }
    },
    enabled: url !== null,
    refetchInterval: pollMs,
    refetchIntervalInBackground: false,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
