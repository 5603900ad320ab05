import { apiRoutes, type ApiRoute } from '@ams/contracts';
import type { RouteKey } from './api-call';

/**
 * The route table's rows by key, at run time. It carries every service's schemas: api-call loads it on demand,
 * and only modules of lazily loaded screens may import it (never the first load's).
 */
const rows = new Map<string, ApiRoute>((apiRoutes as readonly ApiRoute[]).map((route) => [`${route.method} ${route.path}`, route]));

export function routeOf(key: RouteKey): ApiRoute {
  const route = rows.get(key);
  if (!route) throw new Error(`No API route ${key} in the route table`);
  return route;
}
