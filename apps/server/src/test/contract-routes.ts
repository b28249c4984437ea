import * as contracts from '@scrutineer/contracts';
import type { RouteContract } from '@scrutineer/contracts';

const isRoute = (value: unknown): value is RouteContract =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as RouteContract).method === 'string' &&
  typeof (value as RouteContract).path === 'string' &&
  'response' in value;

/** `METHOD /path`, the key route tables use. */
export const routeKey = (route: RouteContract) => `${route.method} ${route.path}`;

/** Every route the contracts package exports (groups nest), once each. */
export function contractRoutes(): RouteContract[] {
  const found = new Map<string, RouteContract>();
  const walk = (value: unknown, depth: number) => {
    if (isRoute(value)) {
      found.set(routeKey(value), value);
      return;
    }
    if (depth > 3 || !value || typeof value !== 'object' || Array.isArray(value)) return;
    // A zod schema is not a route group.
    if ('_zod' in value) return;
    for (const child of Object.values(value)) walk(child, depth + 1);
  };
  for (const value of Object.values(contracts)) walk(value, 0);
  return [...found.values()].sort((a, b) => routeKey(a).localeCompare(routeKey(b)));
}

/** Fills a route's path parameters with the given values (by name), else with `fallback`. */
export function fillPath(
  path: string,
  values: Record<string, string | number> = {},
  fallback: string | number = 1,
): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) =>
    encodeURIComponent(String(values[name] ?? fallback)),
  );
}
