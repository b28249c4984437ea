import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { leaderboardRoutes, type RouteQuery } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';

export type LeaderboardQuery = Partial<RouteQuery<typeof leaderboardRoutes.list>>;

export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  list: (query: object) => [...leaderboardKeys.all, query] as const,
};

/** One page of the leaderboard (GET /leader-board). */
export function useLeaderboard(query: LeaderboardQuery) {
  return useQuery({
    queryKey: leaderboardKeys.list(query),
    queryFn: ({ signal }) => api.call(leaderboardRoutes.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
