import { DEFAULT_ROUTES, expandPath, routesWith, ServiceOperation, ServiceRoute, ServiceRoutes, WRITE_OPERATIONS } from './servicePaths';

/**
 * The service's routes come from one shared table (`servicePaths.ts`), which the
 * emulator serves too, so client and emulator cannot drift apart. A client may override any
 * route (`ServiceClientOptions.routes`).
 */

export type { ServiceOperation, ServiceRoute, ServiceRoutes };
export type RouteOverrides = Partial<Record<ServiceOperation, Partial<ServiceRoute>>>;

export function resolveRoutes(overrides?: RouteOverrides): ServiceRoutes {
  return overrides ? routesWith(overrides) : { ...DEFAULT_ROUTES };
}

/** Method and concrete path of an operation. */
export function routeOf(
  routes: ServiceRoutes,
  op: ServiceOperation,
  campaignId?: string,
): { method: ServiceRoute['method']; path: string } {
  const route = routes[op];
  return { method: route.method, path: expandPath(route, campaignId === undefined ? {} : { campaign_id: campaignId }) };
}

/** Operations that change state on the service: confirmed first, never retried after they may have arrived. */
export function isWrite(op: ServiceOperation): boolean {
  return WRITE_OPERATIONS.has(op);
}
