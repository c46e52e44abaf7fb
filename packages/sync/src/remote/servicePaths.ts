import * as l10n from '@vscode/l10n';
/**
 * The routes of the Campaign Management Service, defined once.
 *
 * The spec gives the paths of get, search, metadata, executions and V1 publish; the paths of
 * create, update, validate, test and status are the natural ones (docs/emulator.md,
 * "Assumptions"). The service client builds every URL from this table and lets settings override
 * any entry, and the emulator serves exactly this table, so the two cannot drift apart.
 */

export type ServiceOperation =
  | 'getCampaign'
  | 'searchCampaigns'
  | 'campaignMeta'
  | 'createCampaign'
  | 'updateCampaign'
  | 'validateCampaign'
  | 'testCampaign'
  | 'changeStatus'
  | 'executions'
  | 'publishCampaign';

export type HttpMethod = 'GET' | 'POST' | 'PATCH';

export interface ServiceRoute {
  method: HttpMethod;
  /** Path template; `{campaign_id}` is the only parameter. */
  path: string;
}

export type ServiceRoutes = Record<ServiceOperation, ServiceRoute>;

export const DEFAULT_ROUTES: Readonly<ServiceRoutes> = Object.freeze({
  getCampaign: { method: 'GET', path: '/v5/campaigns/{campaign_id}' },
  searchCampaigns: { method: 'POST', path: '/v5/campaigns/search' },
  campaignMeta: { method: 'POST', path: '/core-services/v1/campaigns/meta' },
  createCampaign: { method: 'POST', path: '/v5/campaigns' },
  updateCampaign: { method: 'PATCH', path: '/v5/campaigns/{campaign_id}' },
  validateCampaign: { method: 'POST', path: '/v5/campaigns/{campaign_id}/validate' },
  testCampaign: { method: 'POST', path: '/v5/campaigns/test' },
  changeStatus: { method: 'POST', path: '/v5/campaigns/status' },
  executions: { method: 'POST', path: '/v5/campaigns/{campaign_id}/executions' },
  publishCampaign: { method: 'PATCH', path: '/core-services/v1/campaigns/{campaign_id}' },
} satisfies ServiceRoutes);

/** Operations that change state on the service (never retried blindly by a client). */
export const WRITE_OPERATIONS: ReadonlySet<ServiceOperation> = new Set<ServiceOperation>([
  'createCampaign',
  'updateCampaign',
  'testCampaign',
  'changeStatus',
  'publishCampaign',
]);

/** The default route table with some entries replaced (e.g. from the user's settings). */
export function routesWith(overrides?: Partial<Record<ServiceOperation, Partial<ServiceRoute>>>): ServiceRoutes {
  const out = {} as ServiceRoutes;
  for (const op of Object.keys(DEFAULT_ROUTES) as ServiceOperation[]) {
    out[op] = { ...DEFAULT_ROUTES[op], ...(overrides?.[op] ?? {}) };
  }
  return out;
}

/** The concrete path of an operation, with `{campaign_id}` filled in and encoded. */
export function expandPath(route: ServiceRoute, params: { campaign_id?: string } = {}): string {
  return route.path.replace(/\{campaign_id\}/g, () => {
    if (params.campaign_id === undefined) throw new Error(l10n.t`The path ${route.path} needs a campaign id.`);
    return encodeURIComponent(params.campaign_id);
  });
}

/** Header names built from the service's short name (the spec writes it `SVC`). */
export function headerNames(prefix = 'SVC'): { appKey: string; requestId: string } {
  return { appKey: `${prefix}-APPKEY`, requestId: `X-${prefix}-Request-Id` };
}

export interface RouteMatch {
  operation: ServiceOperation;
  params: { campaign_id?: string };
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter(s => s !== '');
}

/**
 * The operation a request addresses. A route with more literal segments wins
 * (`/v5/campaigns/search` over `/v5/campaigns/{campaign_id}`). When the path matches some
 * route but not with this method, `allowed` lists the methods that would match.
 */
export function matchRoute(routes: ServiceRoutes, method: string, path: string): RouteMatch | { allowed: HttpMethod[] } | undefined {
  const segs = segmentsOf(path);
  let best: { match: RouteMatch; literals: number } | undefined;
  const allowed = new Set<HttpMethod>();
  let bestOtherLiterals = -1;
  for (const op of Object.keys(routes) as ServiceOperation[]) {
    const route = routes[op];
    const tpl = segmentsOf(route.path);
    if (tpl.length !== segs.length) continue;
    const params: RouteMatch['params'] = {};
    let literals = 0;
    let ok = true;
    for (let i = 0; i < tpl.length; i++) {
      if (tpl[i] === '{campaign_id}') {
        let v: string;
        try {
          v = decodeURIComponent(segs[i]);
        } catch {
          ok = false;
          break;
        }
        params.campaign_id = v;
      } else if (tpl[i] === segs[i]) {
        literals++;
      } else {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    if (route.method !== method.toUpperCase()) {
      if (literals > bestOtherLiterals) {
        bestOtherLiterals = literals;
        allowed.clear();
      }
      if (literals === bestOtherLiterals) allowed.add(route.method);
      continue;
    }
    if (!best || literals > best.literals) best = { match: { operation: op, params }, literals };
  }
  // A literal route with another method (GET /v5/campaigns/search) is a wrong method, not an id.
  if (best && bestOtherLiterals <= best.literals) return best.match;
  if (allowed.size) return { allowed: [...allowed].sort() };
  return best?.match;
}
