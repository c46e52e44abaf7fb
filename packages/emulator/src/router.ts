import { HttpMethod, matchRoute, ServiceOperation, ServiceRoutes } from '@campaign-studio/sync';
import type { Emulator } from './emulator';
import { ADMIN_ROUTES } from './routes/admin';
import { CAMPAIGN_ROUTES } from './routes/campaigns';
import { LEGACY_ROUTES } from './routes/legacy';
import type { OperationContext, OperationResult } from './service';

/**
 * The emulator's two routers, over route tables in routes/. An API route is named by its
 * operation: its method and path are the service's route table (sync's servicePaths.ts, with
 * `startEmulator({ routes })` overrides), the one the service client builds its URLs from, so the
 * two cannot drift apart; routes/campaigns.ts (V5) and routes/legacy.ts (V1) give each operation
 * its handler. An admin route is a method and a path under `/__admin/` (routes/admin.ts).
 */

/** Answers one API operation for an authenticated, rate-limited request with a parsed body. */
export type ApiHandler = (emu: Emulator, op: OperationContext) => OperationResult;

/** Some operations' handlers: each table of routes/ is one, and together they cover every operation. */
export type ApiRoutes = Partial<Record<ServiceOperation, ApiHandler>>;

/** Every operation's handler: an operation that no table answers fails the type check. */
const API_HANDLERS: Record<ServiceOperation, ApiHandler> = { ...CAMPAIGN_ROUTES, ...LEGACY_ROUTES };

/** An API request's operation, its path params and the handler that answers it. */
export interface ApiRoute {
  operation: ServiceOperation;
  params: OperationContext['params'];
  handler: ApiHandler;
}

export class ApiRouter {
  constructor(readonly paths: ServiceRoutes) {}

  /** The route of a request; `allowed` when the path is known with other methods; undefined when unknown. */
  match(method: string, path: string): ApiRoute | { allowed: HttpMethod[] } | undefined {
    const m = matchRoute(this.paths, method, path);
    if (!m || 'allowed' in m) return m;
    return { ...m, handler: API_HANDLERS[m.operation] };
  }
}

export type AdminMethod = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';

export interface AdminRequest {
  method: string;
  /** The path as requested, `/__admin/…`. */
  path: string;
  body: Record<string, unknown>;
  /** The `{name}` segments of the route's path, decoded. */
  params: Record<string, string>;
}

export interface AdminRoute {
  /** `*`: any method (after the routes of the same path that name theirs). */
  method: AdminMethod | '*';
  /** Under `/__admin/`: `''` is `/__admin` itself; a `{name}` segment takes any one segment. */
  path: string;
  /** The answer's body, sent with 200; refusals throw AdminError. */
  handle(emu: Emulator, req: AdminRequest): unknown;
  /** The body it takes, as an example: shown in the list `GET /__admin` answers with. */
  hint?: string;
}

/** The params of `pattern` in `sub` (both without the `/__admin/` prefix), or undefined when it does not match. */
function adminParams(pattern: string, sub: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = sub.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const name = /^\{(\w+)\}$/.exec(want[i])?.[1];
    if (name === undefined ? want[i] !== got[i] : got[i] === '') return undefined;
    if (name !== undefined) params[name] = decodeURIComponent(got[i]);
  }
  return params;
}

/** The first admin route of this method and path, with its params; undefined when none. */
export function matchAdmin(method: string, path: string): { route: AdminRoute; params: Record<string, string> } | undefined {
  const sub = path.replace(/^\/__admin\/?/, '');
  for (const route of ADMIN_ROUTES) {
    // Params are decoded before the method is looked at: a path no route can decode fails whatever its method.
    const params = adminParams(route.path, sub);
    if (params && (route.method === '*' || route.method === method)) return { route, params };
  }
  return undefined;
}
