import { randomUUID } from 'crypto';
import { CallLogEntry, redact } from './callLog';
import { CancelledError, Clock, systemClock } from './clock';
import { Environment, normalizeBaseUrl } from './environments';
import { ServiceError, parseErrorEnvelope } from './errors';
import { RateLimiter, sharedLimiter } from './rateLimiter';
import { isWrite, resolveRoutes, RouteOverrides, routeOf, ServiceOperation, ServiceRoutes } from './paths';

/**
 * The one module that talks to the Campaign service. Every call goes through `request()`, which
 * owns authentication, the request id, the shared rate limiter, retries, timeouts, cancellation,
 * error-envelope parsing and the call log. Nothing else in the extension builds HTTP requests.
 *
 * Retries: a 429 is retried for any call (the service rejected it without applying it), waiting
 * as long as `Retry-After` says, and the whole limiter pauses meanwhile; 5xx answers, timeouts
 * and connection failures are retried for reads only, with exponential backoff. A write is
 * never retried after it may have reached the service.
 */

export type CampaignRecord = Record<string, unknown> & { id?: string; campaign_id?: string };

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * For writes: the caller has already asked the user the extra confirmation that production
   * environments need (its own preview dialog), so `confirmWrite` is not asked again.
   */
  confirmed?: boolean;
}

export interface SearchQuery {
  /** The search filters; keys of the spec (`channels`, `status`, `ids`, `campaign_delivery_type`, …). */
  campaign_fields?: Record<string, unknown>;
  /** 1-based. */
  page?: number;
  /** 1–15. */
  limit?: number;
  include_child_campaigns?: boolean;
}

export interface SearchPage {
  items: CampaignRecord[];
  page: number;
  limit: number;
  /** No `total_count` exists: a page as long as `limit` may be followed by more. */
  hasMore: boolean;
}

export interface MetaQuery {
  campaign_fields?: Record<string, unknown>;
  page?: number;
  limit?: number;
  include_child_campaigns?: boolean;
}

export type MetaRecord = Record<string, unknown> & { campaign_id?: string };

export interface ExecutionsPage {
  executions: Array<Record<string, unknown>>;
  total_instances?: number;
  raw: unknown;
}

export type StatusAction = 'PAUSE' | 'RESUME' | 'STOP';

/** A write about to be sent, for the confirmation hook (production environments). */
export interface WriteIntent {
  method: string;
  path: string;
  /** Short description, e.g. "update campaign 65f… (basic_details)". */
  description: string;
  environment: Environment;
}

export interface ServiceClientOptions {
  environment: Environment;
  apiKey: string;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  clock?: Clock;
  /** Defaults to the limiter shared by every client of the same base URL and workspace. */
  limiter?: RateLimiter;
  /** Receives one redacted entry per attempt. */
  log?: (entry: CallLogEntry) => void;
  /** Per attempt. Default 30 s. */
  timeoutMs?: number;
  /** Retries after the first try. Default 4. */
  maxRetries?: number;
  /** First backoff step for 5xx retries; doubles each time, with jitter. Default 500 ms. */
  backoffMs?: number;
  /** A `Retry-After` longer than this is not waited out: the call fails and says how long to wait. Default 60 s. */
  maxRetryAfterMs?: number;
  /** Other paths or methods for some operations (the shared route table is the default). */
  routes?: RouteOverrides;
  /**
   * Asked before every write; false cancels it. The editor asks an extra confirmation here for
   * production environments.
   */
  confirmWrite?: (intent: WriteIntent) => boolean | Promise<boolean>;
  newRequestId?: () => string;
  /** Random in [0, 1) for backoff jitter; injectable for tests. */
  random?: () => number;
}

export interface RequestSpec {
  method: string;
  path: string;
  body?: unknown;
  /** Reads may be retried on 5xx and timeouts; writes never are. */
  kind: 'read' | 'write';
  /** Put the request id into the body as `request_id` too (V1 calls require it). */
  bodyRequestId?: boolean;
  /** For the confirmation of a write. */
  description?: string;
  signal?: AbortSignal;
  /** See `CallOptions.confirmed`. */
  confirmed?: boolean;
}

export interface ServiceResponse<T = unknown> {
  status: number;
  body: T;
  requestId: string;
  ms: number;
  attempts: number;
}

const DEFAULT_TIMEOUT = 30_000;

export class ServiceClient {
  readonly environment: Environment;
  readonly limiter: RateLimiter;
  readonly routes: ServiceRoutes;
  private readonly apiKey: string;
  private readonly fetchImpl: typeof fetch;
  private readonly clock: Clock;
  private readonly opts: ServiceClientOptions;
  private readonly secrets: string[];

  constructor(opts: ServiceClientOptions) {
    this.opts = opts;
    this.environment = { ...opts.environment, baseUrl: normalizeBaseUrl(opts.environment.baseUrl) };
    this.apiKey = opts.apiKey;
    this.fetchImpl = opts.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
    this.clock = opts.clock ?? systemClock;
    this.limiter = opts.limiter ?? sharedLimiter(`${this.environment.baseUrl}|${this.environment.workspaceId}`);
    this.routes = resolveRoutes(opts.routes);
    const basic = Buffer.from(`${this.environment.workspaceId}:${this.apiKey}`).toString('base64');
    this.secrets = [this.apiKey, basic, encodeURIComponent(this.apiKey)];
  }

  /** Removes this client's credentials from any text (messages, bodies) before it is shown or logged. */
  redact(text: string): string {
    return redact(text, this.secrets);
  }

  // ---- reads -------------------------------------------------------------------------------

  /** One operation of the route table: method, path and whether it is a write come from there. */
  call<T = unknown>(op: ServiceOperation, o: { campaignId?: string; body?: unknown; bodyRequestId?: boolean; description?: string } & CallOptions = {}): Promise<ServiceResponse<T>> {
    const { method, path } = routeOf(this.routes, op, o.campaignId);
    return this.request<T>({ method, path, body: o.body, kind: isWrite(op) ? 'write' : 'read', bodyRequestId: o.bodyRequestId, description: o.description, signal: o.signal, confirmed: o.confirmed });
  }

  /** `GET /v5/campaigns/{id}`: the full record in the response shape. */
  async getCampaign(id: string, o: CallOptions = {}): Promise<CampaignRecord> {
    const r = await this.call<{ data?: CampaignRecord }>('getCampaign', { campaignId: id, ...o });
    const data = r.body && typeof r.body === 'object' ? (r.body as { data?: unknown }).data : undefined;
    if (!data || typeof data !== 'object' || Array.isArray(data)) throw this.badResponse('getCampaign', r, 'the answer has no campaign under `data`', id);
    return data as CampaignRecord;
  }

  /** One page of `POST /v5/campaigns/search` (at most 15 records). */
  async search(q: SearchQuery, o: CallOptions = {}): Promise<SearchPage> {
    const limit = clampLimit(q.limit);
    const page = Math.max(1, Math.floor(q.page ?? 1));
    const body: Record<string, unknown> = { campaign_fields: q.campaign_fields ?? {}, limit, page };
    if (q.include_child_campaigns !== undefined) body.include_child_campaigns = q.include_child_campaigns;
    const r = await this.call('searchCampaigns', { body, bodyRequestId: true, ...o });
    const items = listFrom(r.body, ['data', 'campaigns', 'results']);
    if (!items) throw this.badResponse('searchCampaigns', r, 'the answer is not a list of campaigns');
    return { items: items as CampaignRecord[], page, limit, hasMore: items.length >= limit };
  }

  /** Every page of a search, in order, until a page shorter than the limit. */
  async *searchPages(q: SearchQuery, o: CallOptions & { maxPages?: number } = {}): AsyncGenerator<SearchPage> {
    let page = Math.max(1, Math.floor(q.page ?? 1));
    const max = o.maxPages ?? 10_000;
    for (let n = 0; n < max; n++) {
      const p = await this.search({ ...q, page }, o);
      yield p;
      if (!p.hasMore) return;
      page++;
    }
  }

  /** Every record of a search (pages until a short page). */
  async searchAll(q: SearchQuery, o: CallOptions & { maxPages?: number } = {}): Promise<CampaignRecord[]> {
    const out: CampaignRecord[] = [];
    for await (const p of this.searchPages(q, o)) out.push(...p.items);
    return out;
  }

  /** One page of the legacy metadata call `POST /core-services/v1/campaigns/meta`, with reachability. */
  async meta(q: MetaQuery, o: CallOptions = {}): Promise<MetaRecord[]> {
    const body: Record<string, unknown> = { campaign_fields: q.campaign_fields ?? {}, limit: clampLimit(q.limit), page: Math.max(1, Math.floor(q.page ?? 1)) };
    if (q.include_child_campaigns !== undefined) body.include_child_campaigns = q.include_child_campaigns;
    const r = await this.call('campaignMeta', { body, bodyRequestId: true, ...o });
    const items = listFrom(r.body, ['data', 'campaigns']);
    if (!items) throw this.badResponse('campaignMeta', r, 'the answer is not a list of campaign metadata');
    return items as MetaRecord[];
  }

  /** Execution history of a periodic or business-event parent: child ids, sent times, statuses. */
  async executions(parentId: string, q: { page?: number; limit?: number } = {}, o: CallOptions = {}): Promise<ExecutionsPage> {
    const body = { page: Math.max(1, Math.floor(q.page ?? 1)), limit: clampLimit(q.limit) };
    const r = await this.call('executions', { campaignId: parentId, body, bodyRequestId: true, ...o });
    const b = r.body as Record<string, unknown> | undefined;
    const holder = b && typeof b === 'object' && !Array.isArray(b) && b.data && typeof b.data === 'object' && !Array.isArray(b.data) ? b.data as Record<string, unknown> : b;
    const executions = listFrom(holder, ['executions', 'data']) ?? listFrom(r.body, ['executions']);
    if (!executions) throw this.badResponse('executions', r, 'the answer has no `executions` list', parentId);
    const total = holder && typeof holder === 'object' && typeof (holder as Record<string, unknown>).total_instances === 'number' ? (holder as Record<string, unknown>).total_instances as number : undefined;
    return { executions: executions as Array<Record<string, unknown>>, total_instances: total, raw: r.body };
  }

  // ---- writes (each goes through `confirmWrite`) --------------------------------------------

  /** `POST /v5/campaigns`: a new draft from the three fields the spec allows. */
  async createDraft(body: { channel: string; campaign_delivery_type: string; created_by: string }, o: CallOptions = {}): Promise<ServiceResponse> {
    return this.call('createCampaign', { body, description: `create a ${body.channel} ${body.campaign_delivery_type} draft`, ...o });
  }

  /** `PATCH /v5/campaigns/{id}`: the body carries `channel`, `campaign_delivery_type`, `updated_by` and whole components. */
  async patch(id: string, body: Record<string, unknown>, o: CallOptions = {}): Promise<ServiceResponse> {
    const comps = Object.keys(body).filter(k => !['channel', 'campaign_delivery_type', 'updated_by'].includes(k));
    return this.call('updateCampaign', { campaignId: id, body, description: `update campaign ${id}${comps.length ? ` (${comps.join(', ')})` : ''}`, ...o });
  }

  /** Validates without committing; nothing changes, so it needs no confirmation. */
  async validate(id: string, body?: Record<string, unknown>, o: CallOptions = {}): Promise<ServiceResponse> {
    return this.call('validateCampaign', { campaignId: id, body: body ?? {}, ...o });
  }

  /** `POST /v5/campaigns/test`: a test send, draft mode (by id) or inline content; at most 10 recipients. */
  async testSend(body: Record<string, unknown>, o: CallOptions = {}): Promise<ServiceResponse> {
    return this.call('testCampaign', { body, bodyRequestId: true, description: 'send a test campaign', ...o });
  }

  /** Pause, resume or stop live campaigns. */
  async setStatus(action: StatusAction, campaignIds: string[], o: CallOptions = {}): Promise<ServiceResponse> {
    return this.call('changeStatus', { body: { action, campaign_ids: campaignIds }, bodyRequestId: true, description: `${action} campaign${campaignIds.length === 1 ? '' : 's'} ${campaignIds.join(', ')}`, ...o });
  }

  /** Publishing goes through V1 (`PATCH /core-services/v1/campaigns/{id}`): V5 cannot publish. */
  async publishV1(id: string, body: Record<string, unknown>, o: CallOptions = {}): Promise<ServiceResponse> {
    return this.call('publishCampaign', { campaignId: id, body, bodyRequestId: true, description: `publish campaign ${id} through V1`, ...o });
  }

  // ---- the one place that sends -------------------------------------------------------------

  async request<T = unknown>(spec: RequestSpec): Promise<ServiceResponse<T>> {
    const env = this.environment;
    if (spec.signal?.aborted) throw new CancelledError();
    if (spec.kind === 'write' && this.opts.confirmWrite && !spec.confirmed) {
      const ok = await this.opts.confirmWrite({ method: spec.method, path: spec.path, description: spec.description ?? `${spec.method} ${spec.path}`, environment: env });
      if (!ok) throw new CancelledError(`Not sent: ${spec.description ?? `${spec.method} ${spec.path}`} was not confirmed.`);
    }
    const requestId = (this.opts.newRequestId ?? randomUUID)();
    const timeoutMs = this.opts.timeoutMs ?? DEFAULT_TIMEOUT;
    const maxRetries = this.opts.maxRetries ?? 4;
    const url = `${env.baseUrl}${spec.path}`;
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: `Basic ${Buffer.from(`${env.workspaceId}:${this.apiKey}`).toString('base64')}`,
      [`${env.headerPrefix}-APPKEY`]: env.workspaceId,
      [`X-${env.headerPrefix}-Request-Id`]: requestId,
    };
    let payload: string | undefined;
    if (spec.body !== undefined && spec.method !== 'GET') {
      const body = spec.bodyRequestId && spec.body && typeof spec.body === 'object' && !Array.isArray(spec.body)
        ? { ...(spec.body as Record<string, unknown>), request_id: requestId }
        : spec.body;
      payload = JSON.stringify(body);
      headers['Content-Type'] = 'application/json';
    }

    for (let attempt = 1; ; attempt++) {
      const queuedFrom = this.clock.now();
      await this.limiter.acquire(spec.signal);
      const started = this.clock.now();
      const queuedMs = started - queuedFrom;
      const outcome = await this.attempt(url, spec, headers, payload, timeoutMs);
      const ms = this.clock.now() - started;
      const entry: CallLogEntry = { method: spec.method, path: spec.path, status: outcome.status, ms, requestId, attempt, environment: env.name, queuedMs };

      if (outcome.kind === 'cancelled') {
        this.log({ ...entry, error: 'cancelled' });
        throw new CancelledError();
      }

      let error: ServiceError | undefined;
      let retryIn: number | undefined;
      if (outcome.kind === 'response' && outcome.status >= 200 && outcome.status < 300) {
        this.log(entry);
        return { status: outcome.status, body: outcome.body as T, requestId, ms, attempts: attempt };
      }
      if (outcome.kind === 'response') {
        const env0 = parseErrorEnvelope(outcome.body);
        const retryAfterMs = outcome.status === 429 ? parseRetryAfter(outcome.retryAfter, this.clock.now()) : undefined;
        error = new ServiceError({
          status: outcome.status,
          code: env0?.code ?? codeForStatus(outcome.status),
          message: this.redact(env0?.message ?? (typeof outcome.body === 'string' && outcome.body.trim() ? truncate(outcome.body.trim(), 300) : `The service answered HTTP ${outcome.status}.`)),
          target: env0?.target,
          details: env0?.details.map(d => ({ target: d.target, message: this.redact(d.message) })),
          method: spec.method,
          path: spec.path,
          requestId,
          retryAfterMs,
          attempts: attempt,
        });
        if (outcome.status === 429) {
          const wait = retryAfterMs ?? this.backoff(attempt);
          this.limiter.pauseUntil(this.clock.now() + wait);
          if (attempt <= maxRetries && wait <= (this.opts.maxRetryAfterMs ?? 60_000)) retryIn = wait;
        } else if (outcome.status >= 500 && spec.kind === 'read' && attempt <= maxRetries) {
          retryIn = this.backoff(attempt);
        }
      } else {
        const timeout = outcome.kind === 'timeout';
        error = new ServiceError({
          status: 0,
          code: timeout ? 'TIMEOUT' : 'NETWORK',
          message: timeout
            ? `No answer from ${env.baseUrl} within ${Math.round(timeoutMs / 1000)} s${spec.kind === 'write' ? '; the change may or may not have been applied' : ''}.`
            : `Could not reach ${env.baseUrl}: ${this.redact(outcome.message)}.`,
          method: spec.method,
          path: spec.path,
          requestId,
          attempts: attempt,
        });
        if (spec.kind === 'read' && attempt <= maxRetries) retryIn = this.backoff(attempt);
      }
      this.log({ ...entry, error: error.code, retryInMs: retryIn });
      if (retryIn === undefined) throw error;
      await this.clock.sleep(retryIn, spec.signal);
    }
  }

  private log(entry: CallLogEntry): void {
    if (!this.opts.log) return;
    const safe: CallLogEntry = { ...entry, path: this.redact(entry.path), error: entry.error === undefined ? undefined : this.redact(entry.error) };
    try {
      this.opts.log(safe);
    } catch {
      // A failing logger must not fail the call.
    }
  }

  private backoff(attempt: number): number {
    const base = this.opts.backoffMs ?? 500;
    const r = (this.opts.random ?? Math.random)();
    return Math.min(30_000, base * 2 ** (attempt - 1)) * (0.75 + 0.5 * r);
  }

  private badResponse(op: ServiceOperation, r: ServiceResponse, what: string, campaignId?: string): ServiceError {
    const { method, path } = routeOf(this.routes, op, campaignId);
    return new ServiceError({ status: r.status, code: 'BAD_RESPONSE', message: `Unexpected answer from the service: ${what}.`, method, path, requestId: r.requestId, attempts: r.attempts });
  }

  private async attempt(url: string, spec: RequestSpec, headers: Record<string, string>, payload: string | undefined, timeoutMs: number): Promise<Outcome> {
    const ctrl = new AbortController();
    let timedOut = false;
    const onAbort = () => ctrl.abort();
    spec.signal?.addEventListener('abort', onAbort, { once: true });
    // Real time, not the injectable clock: a timeout is about the network, not about pacing.
    const timer = setTimeout(() => { timedOut = true; ctrl.abort(); }, timeoutMs);
    try {
      const res = await this.fetchImpl(url, { method: spec.method, headers, body: payload, signal: ctrl.signal });
      const text = await res.text();
      let body: unknown = text;
      if (text.length) {
        try { body = JSON.parse(text); } catch { body = text; }
      } else {
        body = undefined;
      }
      return { kind: 'response', status: res.status, body, retryAfter: res.headers.get('retry-after') ?? undefined };
    } catch (e) {
      if (spec.signal?.aborted) return { kind: 'cancelled', status: 0 };
      if (timedOut) return { kind: 'timeout', status: 0 };
      return { kind: 'network', status: 0, message: describeNetworkError(e) };
    } finally {
      clearTimeout(timer);
      spec.signal?.removeEventListener('abort', onAbort);
    }
  }
}

type Outcome =
  | { kind: 'response'; status: number; body: unknown; retryAfter?: string }
  | { kind: 'timeout'; status: 0 }
  | { kind: 'cancelled'; status: 0 }
  | { kind: 'network'; status: 0; message: string };

function describeNetworkError(e: unknown): string {
  if (e instanceof Error) {
    const cause = (e as Error & { cause?: unknown }).cause;
    if (cause instanceof Error) {
      const code = (cause as Error & { code?: string }).code;
      return code ? `${code} (${cause.message})` : cause.message;
    }
    return e.message;
  }
  return String(e);
}

/** `Retry-After`: seconds, or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const t = Date.parse(v);
  if (!Number.isNaN(t)) return Math.max(0, t - now);
  return undefined;
}

function codeForStatus(status: number): string {
  switch (status) {
    case 400: return 'BAD_REQUEST';
    case 401: return 'UNAUTHORIZED';
    case 403: return 'FORBIDDEN';
    case 404: return 'NOT_FOUND';
    case 422: return 'UNPROCESSABLE_ENTITY';
    case 429: return 'RATE_LIMITED';
    default: return status >= 500 ? 'INTERNAL_ERROR' : `HTTP_${status}`;
  }
}

function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return 15;
  return Math.min(15, Math.max(1, Math.floor(limit)));
}

/** The list inside an answer: the body itself, or under one of `keys`. */
function listFrom(body: unknown, keys: string[]): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (body && typeof body === 'object') {
    for (const k of keys) {
      const v = (body as Record<string, unknown>)[k];
      if (Array.isArray(v)) return v;
    }
  }
  return undefined;
}

function truncate(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n)}…` : s;
}
