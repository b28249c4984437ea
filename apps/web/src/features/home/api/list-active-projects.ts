import { useQuery } from '@tanstack/react-query';
import { projectRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { homeKeys } from './home-keys';

/** The active projects the caller may see (GET /projects?active=true). */
export function useActiveProjects(enabled: boolean) {
  return useQuery({
    queryKey: homeKeys.activeProjects(),
    queryFn: ({ signal }) => api.call(projectRoutes.list, { query: { active: 'true' }, signal }),
    enabled,
  });
}
