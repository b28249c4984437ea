import { useQuery } from '@tanstack/react-query';
import { projectRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { electionKeys } from './election-keys';

/** The projects the caller may see, as options of the election list's Project filter. */
export function useProjectOptions() {
  return useQuery({
    queryKey: electionKeys.projectOptions(),
    queryFn: async ({ signal }) => {
      const { projects } = await api.call(projectRoutes.list, { query: {}, signal });
      return projects
        .map((project) => ({ id: project.id, name: project.name }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    staleTime: 60_000,
  });
}
