import { useQuery } from '@tanstack/react-query';
import { markdownRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { homeKeys } from './home-keys';

/** The Home board's markdown (GET /markdown-home). */
export function useMarkdownHome() {
  return useQuery({
    queryKey: homeKeys.markdown(),
    queryFn: ({ signal }) => api.call(markdownRoutes.home, { signal }),
  });
}
