import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemRoutes, VERSION } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { systemKeys } from './system-keys';

export function getVersion(signal?: AbortSignal) {
  return api.call(systemRoutes.version, { signal });
}

export function versionQueryOptions() {
  return queryOptions({
    queryKey: systemKeys.version(),
    queryFn: ({ signal }) => getVersion(signal),
    staleTime: Infinity,
    placeholderData: { ...VERSION },
  });
}

export function useVersion() {
  return useQuery(versionQueryOptions());
}

/** The drawer's label, e.g. `v0.1.6`. */
export function formatVersion(version: { MAJOR_RELEASE: string; MINOR_RELEASE: string }): string {
  return `v${version.MAJOR_RELEASE}.${version.MINOR_RELEASE}`;
}
