import * as l10n from '@vscode/l10n';
import { randomUUID } from 'crypto';
import { CallLogEntry, redact } from './callLog';
import { CancelledError, Clock, systemClock } from './clock';
import { checkBaseUrl, Environment, normalizeBaseUrl } from './environments';
import { isServiceError, mayHaveSent, ServiceError, parseErrorEnvelope } from './errors';
import { RateLimiter, sharedLimiter } from './rateLimiter';
import { limiterKey, ResolveHost } from './serviceOrigin';
import { formatDuration, NOTICEABLE_WAIT_MS, slotNotice, WaitNotice } from './waits';
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
 *
 * Deadlines: every call has a budget (reads 15 s, writes 60 s by default; per environment) of
 * time on the wire, retries and their backoff included. Time spent waiting for a turn in our
 * own rate limiter, or in a `Retry-After` pause, is shown, never charged: a call that waited
 * still has its whole budget once sent. A retry that could not finish inside the budget is not
 * started: the call fails at once with its last error. An action's deadline (`deadline`) is a
 * moment, and nothing moves it. Waits longer than a second (the rate limit, `Retry-After`, a
 * retry's backoff) are announced through `onWait`, and every answer or failure through
 * `observe`, which is what the connection state is built from.
 */

export type CampaignRecord = Record<string, unknown> & { id?: string; campaign_id?: string };

/** What a user action adds to each of its calls: its Cancel, an overall deadline, where to show waits. */
export interface ActionScope {
  signal?: AbortSignal;
  /** Clock time by which every call of the action must be done. */
  deadline?: number;
  /** Hears every wait longer than a second, with its reason and length. */
  onWait?: (wait: WaitNotice) => void;
}

/** What the connection state is built from: each answer, each failure to get one, each wait. */
export type CallEvent =
  | { kind: 'answered'; status: number; ms: number; requestId: string; retryAfterMs?: number; message?: string }
  | { kind: 'unanswered'; code: 'TIMEOUT' | 'NETWORK'; message: string }
  | { kind: 'waiting'; wait: WaitNotice };

export interface CallOptions extends ActionScope {
  /**
   * For writes: the caller has already asked the user the extra confirmation that production
   * environments need (its own preview dialog), so `confirmWrite` is not asked again.
   */
  confirmed?: boolean;
  /**
   * A write follows this read at once (the re-read just before a PATCH): the read leaves only
   * when the rate limit would let the write follow it without waiting, so that the time in which
   * another client's write could slip between them is one round trip, not a queue.
   */
  thenWrite?: boolean;
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
  /**
   * Defaults to the limiter shared by every client of the same server and workspace, however
   * its base URL is spelled (`limiterKey`).
   */
  limiter?: RateLimiter;
  /** Resolves host names for that key; defaults to `dns.lookup`. */
  resolveHost?: ResolveHost;
  /** Receives one redacted entry per attempt. */
  log?: (entry: CallLogEntry) => void;
  /** Budget of a read, retries included. Default 15 s. */
  readBudgetMs?: number;
  /** Budget of a write. Default 60 s. */
  writeBudgetMs?: number;
  /** At most this long per try (tests); by default a share of the budget. */
  timeoutMs?: number;
  /**
   * What times each try out. Real time by default, not `clock`: a timeout is about the network,
   * not about pacing. Tests whose service is as virtual as their clock pass that clock.
   */
  tryClock?: Clock;
  /** Hears every answer, failure and wait of this client's calls. */
  observe?: (event: CallEvent) => void;
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
  /** See `CallOptions.thenWrite`. */
  thenWrite?: boolean;
  /** Clock time by which the call must be done, retries included. */
  deadline?: number;
  onWait?: (wait: WaitNotice) => void;
}

export interface ServiceResponse<T = unknown> {
  status: number;
  body: T;
  requestId: string;
  ms: number;
  attempts: number;
}

const DEFAULT_READ_BUDGET = 15_000;
const DEFAULT_WRITE_BUDGET = 60_000;
const DEFAULT_RETRIES = 4;
/** No try gets less than this, unless less is left of the budget. */
const MIN_ATTEMPT_MS = 5_000;

/**
 * Whether a wait of `waitMs` from `now`, then the shortest try worth starting, ends within the
 * budget (which ends at `budgetEnd`) and before the action's deadline.
 */
function fits(now: number, waitMs: number, budgetEnd: number, deadline = Infinity): boolean {
  const end = now + waitMs + MIN_ATTEMPT_MS / 5;
  return end <= budgetEnd && end <= deadline;
}

export class ServiceClient {
  readonly environment: Environment;
  /** Found at the first call, not before: the key of a shared limiter may need a host name lookup. */
  private readonly limiter: () => Promise<RateLimiter>;
  readonly routes: ServiceRoutes;
  private readonly apiKey: string;
  private readonly fetchImpl: typeof fetch;
  private readonly clock: Clock;
  private readonly opts: ServiceClientOptions;
  private readonly secrets: string[];
  /** The `Authorization` header: the same for every request of this client. */
  private readonly authorization: string;

  /** Refuses a base URL that would expose the key (plain `http://` off this machine, credentials in it): every caller is checked, not only settings. */
  constructor(
    opts: ServiceClientOptions,
    private readonly scope?: ActionScope,
    limiter?: () => Promise<RateLimiter>,
  ) {
    this.opts = opts;
    const baseUrl = normalizeBaseUrl(opts.environment.baseUrl);
    const problem = checkBaseUrl(baseUrl);
    if (problem) throw new Error(l10n.t('No request was sent to environment {0}: {1}', opts.environment.name, problem));
    this.environment = { ...opts.environment, baseUrl };
    this.apiKey = opts.apiKey;
    this.fetchImpl = opts.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
    this.clock = opts.clock ?? systemClock;
    this.limiter = limiter ?? once(() => limiterFor(opts, this.environment));
    this.routes = resolveRoutes(opts.routes);
    const basic = Buffer.from(`${this.environment.workspaceId}:${this.apiKey}`).toString('base64');
    this.secrets = [this.apiKey, basic, encodeURIComponent(this.apiKey)];
    this.authorization = `Basic ${basic}`;
  }

  /** The same client for one user action: its calls share the action's Cancel, deadline and wait display. */
  forAction(scope: ActionScope): ServiceClient {
    return new ServiceClient(this.opts, scope, this.limiter);
  }

  /**
   * Milliseconds from now until `calls` more requests could all have left through this client's
   * rate limiter, shared with every client of the same server and workspace (see
   * `RateLimiter.timeFor`).
   */
  async paceFor(calls: number): Promise<number> {
    return (await this.limiter()).timeFor(calls);
  }

  /** Removes this client's credentials from any text (messages, bodies) before it is shown or logged. */
  redact(text: string): string {
    return redact(text, this.secrets);
  }

  // ---- reads -------------------------------------------------------------------------------

  /** One operation of the route table: method, path and whether it is a write come from there. */
  call<T = unknown>(
    op: ServiceOperation,
    o: { campaignId?: string; body?: unknown; bodyRequestId?: boolean; description?: string } & CallOptions = {},
  ): Promise<ServiceResponse<T>> {
    const { method, path } = routeOf(this.routes, op, o.campaignId);
    return this.request<T>({
      method,
      path,
      body: o.body,
      kind: isWrite(op) ? 'write' : 'read',
      bodyRequestId: o.bodyRequestId,
      description: o.description,
      signal: o.signal,
      confirmed: o.confirmed,
      thenWrite: o.thenWrite,
      deadline: o.deadline,
      onWait: o.onWait,
    });
  }

  /** `GET /v5/campaigns/{id}`: the full record in the response shape. */
  async getCampaign(id: string, o: CallOptions = {}): Promise<CampaignRecord> {
    const r = await this.call<{ data?: CampaignRecord }>('getCampaign', { campaignId: id, ...o });
    const data = r.body && typeof r.body === 'object' ? (r.body as { data?: unknown }).data : undefined;
    if (!data || typeof data !== 'object' || Array.isArray(data))
      throw this.badResponse('getCampaign', r, l10n.t('the answer has no campaign under `data`'), id);
    const record = data as CampaignRecord;
    if (!answersFor(record, id))
      throw this.badResponse(
        'getCampaign',
        r,
        l10n.t(
          "campaign {0} was asked for, but the answer holds {1}. Nothing was stored; check that the environment's base URL points at the Campaign service itself (not a proxy or cache that mixes up answers)",
          id,
          describeIds(record),
        ),
        id,
      );
    return record;
  }

  /** One page of `POST /v5/campaigns/search` (at most 15 records). */
  async search(q: SearchQuery, o: CallOptions = {}): Promise<SearchPage> {
    const limit = clampLimit(q.limit);
    const page = Math.max(1, Math.floor(q.page ?? 1));
    const body: Record<string, unknown> = { campaign_fields: q.campaign_fields ?? {}, limit, page };
    if (q.include_child_campaigns !== undefined) body.include_child_campaigns = q.include_child_campaigns;
    const r = await this.call('searchCampaigns', { body, bodyRequestId: true, ...o });
    const items = listFrom(r.body, ['data', 'campaigns', 'results']);
    if (!items) throw this.badResponse('searchCampaigns', r, l10n.t('the answer is not a list of campaigns'));
    return { items: items as CampaignRecord[], page, limit, hasMore: items.length >= limit };
  }

  /**
   * Every page of a search, in order, until a page shorter than the limit, with up to `ahead`
   * calls in flight (default 1: each page asked once the one before it has come back). A search
   * has no total count, so one page at a time waits a round trip per 15 campaigns, while the rate
   * limits allow ten calls a second. Once a page comes back short, no further page is asked for;
   * the pages already asked beyond it (at most `ahead - 1` calls, usually on the wire by then) are
   * let finish and dropped, so that no call of this search is still out when it ends.
   */
  async *searchPages(q: SearchQuery, o: CallOptions & { maxPages?: number; ahead?: number } = {}): AsyncGenerator<SearchPage> {
    let next = Math.max(1, Math.floor(q.page ?? 1));
    const max = o.maxPages ?? 10_000;
    const ahead = Math.max(1, Math.floor(o.ahead ?? 1));
    const inFlight: Array<Promise<SearchPage>> = [];
    let asked = 0;
    const ask = () => {
      while (asked < max && inFlight.length < ahead) {
        const page = this.search({ ...q, page: next++ }, o);
        asked++;
        page.catch(() => undefined); // awaited in order below, or let finish at the end
        inFlight.push(page);
      }
    };
    try {
      ask();
      while (inFlight.length) {
        const page = await inFlight.shift()!;
        yield page;
        if (!page.hasMore) return;
        ask();
      }
    } finally {
      await Promise.allSettled(inFlight);
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
    const body: Record<string, unknown> = {
      campaign_fields: q.campaign_fields ?? {},
      limit: clampLimit(q.limit),
      page: Math.max(1, Math.floor(q.page ?? 1)),
    };
    if (q.include_child_campaigns !== undefined) body.include_child_campaigns = q.include_child_campaigns;
    const r = await this.call('campaignMeta', { body, bodyRequestId: true, ...o });
    const items = listFrom(r.body, ['data', 'campaigns']);
    if (!items) throw this.badResponse('campaignMeta', r, l10n.t('the answer is not a list of campaign metadata'));
    return items as MetaRecord[];
  }

  /** Execution history of a periodic or business-event parent: child ids, sent times, statuses. */
  async executions(parentId: string, q: { page?: number; limit?: number } = {}, o: CallOptions = {}): Promise<ExecutionsPage> {
    const body = { page: Math.max(1, Math.floor(q.page ?? 1)), limit: clampLimit(q.limit) };
    const r = await this.call('executions', { campaignId: parentId, body, bodyRequestId: true, ...o });
    const b = r.body as Record<string, unknown> | undefined;
    const holder =
      b && typeof b === 'object' && !Array.isArray(b) && b.data && typeof b.data === 'object' && !Array.isArray(b.data)
        ? (b.data as Record<string, unknown>)
        : b;
    const executions = listFrom(holder, ['executions', 'data']) ?? listFrom(r.body, ['executions']);
    if (!executions) throw this.badResponse('executions', r, l10n.t('the answer has no `executions` list'), parentId);
    const total =
      holder && typeof holder === 'object' && typeof (holder as Record<string, unknown>).total_instances === 'number'
        ? ((holder as Record<string, unknown>).total_instances as number)
        : undefined;
    return { executions: executions as Array<Record<string, unknown>>, total_instances: total, raw: r.body };
  }

  // ---- writes (each goes through `confirmWrite`) --------------------------------------------

  /** `POST /v5/campaigns`: a new draft from the three fields the spec allows. */
  async createDraft(
    body: { channel: string; campaign_delivery_type: string; created_by: string },
    o: CallOptions = {},
  ): Promise<ServiceResponse> {
    return this.call('createCampaign', {
      body,
      description: l10n.t({
        message: 'create a {0} {1} draft',
        args: [body.channel, body.campaign_delivery_type],
        comment: 'a write the service is asked for, inside "Not sent: … was not confirmed."',
      }),
      ...o,
    });
  }

  /** `PATCH /v5/campaigns/{id}`: the body carries `channel`, `campaign_delivery_type`, `updated_by` and whole components. */
  async patch(id: string, body: Record<string, unknown>, o: CallOptions = {}): Promise<ServiceResponse> {
    const comps = Object.keys(body).filter(k => !['channel', 'campaign_delivery_type', 'updated_by'].includes(k));
    return this.call('updateCampaign', {
      campaignId: id,
      body,
      description: comps.length ? l10n.t('update campaign {0} ({1})', id, comps.join(', ')) : l10n.t('update campaign {0}', id),
      ...o,
    });
  }

  /** Validates without committing; nothing changes, so it needs no confirmation. */
  async validate(id: string, body?: Record<string, unknown>, o: CallOptions = {}): Promise<ServiceResponse> {
    return this.call('validateCampaign', { campaignId: id, body: body ?? {}, ...o });
  }

  /** `POST /v5/campaigns/test`: a test send, draft mode (by id) or inline content; at most 10 recipients. */
  async testSend(body: Record<string, unknown>, o: CallOptions = {}): Promise<ServiceResponse> {
    return this.call('testCampaign', { body, bodyRequestId: true, description: l10n.t('send a test campaign'), ...o });
  }

  /** Pause, resume or stop live campaigns. */
  async setStatus(action: StatusAction, campaignIds: string[], o: CallOptions = {}): Promise<ServiceResponse> {
    return this.call('changeStatus', {
      body: { action, campaign_ids: campaignIds },
      bodyRequestId: true,
      description:
        campaignIds.length === 1
          ? l10n.t('{0} campaign {1}', action, campaignIds[0])
          : l10n.t('{0} campaigns {1}', action, campaignIds.join(', ')),
      ...o,
    });
  }

  /** Publishing goes through V1 (`PATCH /core-services/v1/campaigns/{id}`): V5 cannot publish. */
  async publishV1(id: string, body: Record<string, unknown>, o: CallOptions = {}): Promise<ServiceResponse> {
    return this.call('publishCampaign', {
      campaignId: id,
      body,
      bodyRequestId: true,
      description: l10n.t('publish campaign {0} through V1', id),
      ...o,
    });
  }

  // ---- the one place that sends -------------------------------------------------------------

  async request<T = unknown>(spec: RequestSpec): Promise<ServiceResponse<T>> {
    const call = this.scoped(spec);
    if (call.signal?.aborted) throw new CancelledError();
    await this.confirm(call);
    const requestId = (this.opts.newRequestId ?? randomUUID)();
    const { headers, payload } = this.prepare(call, requestId);
    const budgetMs = this.budgetFor(call.kind);
    const limiter = await this.limiter();
    // What the budget has been charged: the tries and the waits between them (backoff, Retry-After), never the waits for our own limiter's turn.
    let spentMs = 0;
    for (let attempt = 1; ; attempt++) {
      const queuedFrom = this.clock.now();
      const held = this.heldPastBudget(limiter, call, budgetMs - spentMs, { requestId, attempts: attempt, budgetMs });
      if (held) throw held;
      const release = await limiter.acquire(call.signal, slot => this.queued(call, slotNotice(slot, queuedFrom)), call.thenWrite ? 2 : 1);
      const started = this.clock.now();
      const budgetEnd = started + budgetMs - spentMs;
      const timeoutMs = this.attemptTimeout(call.kind, Math.min(budgetEnd, call.deadline ?? Infinity) - started, budgetMs);
      let outcome: Outcome;
      try {
        // The action's time ran out while the call waited its turn: it is not sent at all.
        outcome =
          timeoutMs > 0
            ? await this.attempt(`${this.environment.baseUrl}${call.path}`, call, headers, payload, timeoutMs)
            : { kind: 'timeout', status: 0, sent: false };
      } finally {
        release();
      }
      const ms = this.clock.now() - started;
      spentMs += ms;
      const entry: CallLogEntry = {
        method: call.method,
        path: call.path,
        status: outcome.status,
        ms,
        requestId,
        attempt,
        environment: this.environment.name,
        queuedMs: started - queuedFrom,
      };
      if (outcome.kind === 'cancelled') {
        this.log({ ...entry, error: 'cancelled' });
        throw new CancelledError(undefined, true);
      }
      if (outcome.kind === 'response' && outcome.status >= 200 && outcome.status < 300) {
        this.log(entry);
        this.observe({ kind: 'answered', status: outcome.status, ms, requestId });
        return { status: outcome.status, body: outcome.body as T, requestId, ms, attempts: attempt };
      }
      const failed = this.failure(outcome, call, { requestId, attempt, timeoutMs, budgetMs, ms });
      if (failed.status === 429) limiter.pauseUntil(this.clock.now() + (failed.retryAfterMs ?? this.backoff(attempt)), failed);
      const retryIn = this.retryDelay(failed, call, attempt, budgetEnd);
      this.log({ ...entry, error: failed.code, retryInMs: retryIn?.ms });
      if (!retryIn) throw failed;
      this.waiting(call, retryIn);
      await this.clock.sleep(retryIn.ms, call.signal);
      // The service's own "wait" is charged like a retry's backoff: a read never outlives its budget waiting on a 429.
      spentMs += retryIn.ms;
    }
  }

  /**
   * A call that would wait out the service's `Retry-After` (asked of another call) longer than its
   * budget, or past its action's deadline, fails at once as that call did, saying when the next
   * call is allowed: the same as a `Retry-After` beyond the budget on its own answer.
   */
  private heldPastBudget(
    limiter: RateLimiter,
    call: RequestSpec,
    budgetLeftMs: number,
    at: { requestId: string; attempts: number; budgetMs: number },
  ): ServiceError | undefined {
    const { ms, cause } = limiter.paused();
    if (!ms || !isServiceError(cause)) return undefined;
    const now = this.clock.now();
    if (fits(now, ms, now + budgetLeftMs, call.deadline)) return undefined;
    return new ServiceError({
      status: cause.status,
      code: cause.code,
      failure: cause.failure,
      message: cause.serviceMessage,
      target: cause.target,
      details: cause.details,
      retryAfterMs: ms,
      method: call.method,
      path: call.path,
      write: call.kind === 'write',
      ...at,
    });
  }

  /** This client's action scope folded into one request. */
  private scoped(spec: RequestSpec): RequestSpec & { deadline?: number } {
    const scope = this.scope;
    const signals = [spec.signal, scope?.signal].filter((x): x is AbortSignal => !!x);
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    const deadline = Math.min(spec.deadline ?? Infinity, scope?.deadline ?? Infinity);
    const onWait = spec.onWait ?? scope?.onWait;
    return { ...spec, signal, onWait, deadline: Number.isFinite(deadline) ? deadline : undefined };
  }

  private async confirm(call: RequestSpec): Promise<void> {
    if (call.kind !== 'write' || !this.opts.confirmWrite || call.confirmed) return;
    const description = call.description ?? `${call.method} ${call.path}`;
    const ok = await this.opts.confirmWrite({ method: call.method, path: call.path, description, environment: this.environment });
    if (!ok) throw new CancelledError(l10n.t`Not sent: ${description} was not confirmed.`, false);
  }

  private prepare(call: RequestSpec, requestId: string): { headers: Record<string, string>; payload?: string } {
    const env = this.environment;
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: this.authorization,
      [`${env.headerPrefix}-APPKEY`]: env.workspaceId,
      [`X-${env.headerPrefix}-Request-Id`]: requestId,
    };
    if (call.body === undefined || call.method === 'GET') return { headers };
    const body =
      call.bodyRequestId && call.body && typeof call.body === 'object' && !Array.isArray(call.body)
        ? { ...(call.body as Record<string, unknown>), request_id: requestId }
        : call.body;
    headers['Content-Type'] = 'application/json';
    return { headers, payload: JSON.stringify(body) };
  }

  /** The time a call may take, retries included: per environment, by kind. */
  budgetFor(kind: 'read' | 'write'): number {
    return kind === 'write' ? (this.opts.writeBudgetMs ?? DEFAULT_WRITE_BUDGET) : (this.opts.readBudgetMs ?? DEFAULT_READ_BUDGET);
  }

  /**
   * One try's share of what is left (0 when nothing is). A read keeps room for a second try when
   * the first hangs; a write, never retried once it may have arrived, may use all of it.
   */
  private attemptTimeout(kind: 'read' | 'write', remaining: number, budgetMs: number): number {
    if (remaining <= 0) return 0;
    const share = kind === 'read' ? Math.max(MIN_ATTEMPT_MS, budgetMs / 2) : remaining;
    return Math.max(1, Math.min(remaining, share, this.opts.timeoutMs ?? Infinity));
  }

  private failure(
    outcome: Exclude<Outcome, { kind: 'cancelled' }>,
    call: RequestSpec,
    at: { requestId: string; attempt: number; timeoutMs: number; budgetMs: number; ms: number },
  ): ServiceError {
    const where = {
      method: call.method,
      path: call.path,
      requestId: at.requestId,
      attempts: at.attempt,
      budgetMs: at.budgetMs,
      write: call.kind === 'write',
    };
    if (outcome.kind === 'response') {
      const error = this.httpError(outcome, where);
      this.observe({
        kind: 'answered',
        status: outcome.status,
        ms: at.ms,
        requestId: at.requestId,
        retryAfterMs: error.retryAfterMs,
        message: error.message,
      });
      return error;
    }
    if (outcome.kind === 'redirect') {
      const message = this.redact(
        l10n.t(
          "{0} redirected the call to {1}, another origin. It was not followed, so the API key and workspace id were not sent there. Check that the environment's base URL is the service's own address (if the service moved to {1}, change the base URL to it; otherwise a proxy or a wrong host is in the way).",
          this.environment.baseUrl,
          outcome.target,
        ),
      );
      const error = new ServiceError({
        status: outcome.status,
        code: 'CROSS_ORIGIN_REDIRECT',
        failure: { kind: 'http', status: outcome.status },
        message,
        target: outcome.target,
        ...where,
      });
      this.observe({ kind: 'answered', status: outcome.status, ms: at.ms, requestId: at.requestId, message });
      return error;
    }
    const code = outcome.kind === 'timeout' ? 'TIMEOUT' : 'NETWORK';
    const message = this.unansweredMessage(outcome, call, at.timeoutMs);
    const failure =
      outcome.kind === 'timeout'
        ? { kind: outcome.kind, sent: outcome.sent }
        : { kind: outcome.kind, code: outcome.code, sent: mayHaveSent(outcome.code) };
    this.observe({ kind: 'unanswered', code, message });
    return new ServiceError({ status: 0, code, failure, message, ...where });
  }

  private unansweredMessage(outcome: Extract<Outcome, { kind: 'timeout' | 'network' }>, call: RequestSpec, timeoutMs: number): string {
    const base = this.environment.baseUrl;
    if (outcome.kind === 'network') return l10n.t('Could not reach {0}: {1}.', base, this.redact(outcome.message));
    if (!outcome.sent) return l10n.t("Not sent to {0}: the action's time ran out while the call waited its turn.", base);
    return call.kind === 'write'
      ? l10n.t('No answer from {0} within {1}; the change may or may not have been applied.', base, formatDuration(timeoutMs))
      : l10n.t('No answer from {0} within {1}.', base, formatDuration(timeoutMs));
  }

  private httpError(
    outcome: { status: number; body: unknown; retryAfter?: string },
    where: { method: string; path: string; requestId: string; attempts: number; budgetMs: number },
  ): ServiceError {
    const envelope = parseErrorEnvelope(outcome.body);
    const retryAfterMs = outcome.status === 429 ? parseRetryAfter(outcome.retryAfter, this.clock.now()) : undefined;
    const text =
      envelope?.message ??
      (typeof outcome.body === 'string' && outcome.body.trim()
        ? truncate(outcome.body.trim(), 300)
        : l10n.t('The service answered HTTP {0}.', outcome.status));
    return new ServiceError({
      status: outcome.status,
      code: envelope?.code ?? codeForStatus(outcome.status),
      failure: { kind: 'http', status: outcome.status },
      message: this.redact(text),
      target: envelope?.target,
      details: envelope?.details.map(d => ({ target: d.target, message: this.redact(d.message) })),
      retryAfterMs,
      ...where,
    });
  }

  /**
   * Whether, and after how long, to try again: a 429 (never processed) after its `Retry-After`;
   * a read after a 5xx, a timeout or a failed connection, with backoff. A retry that could not
   * finish in time is not started: its wait, a backoff or a `Retry-After` alike, is charged to
   * the budget that ends at `budgetEnd`, and may not outlast the action's deadline either.
   */
  private retryDelay(e: ServiceError, call: RequestSpec, attempt: number, budgetEnd: number): WaitNotice | undefined {
    if (attempt > (this.opts.maxRetries ?? DEFAULT_RETRIES)) return undefined;
    const now = this.clock.now();
    let notice: WaitNotice | undefined;
    if (e.status === 429) {
      const ms = e.retryAfterMs ?? this.backoff(attempt);
      if (ms > (this.opts.maxRetryAfterMs ?? 60_000)) return undefined;
      notice = { reason: 'retryAfter', ms, at: now, why: l10n.t('the service asked to slow down (Retry-After)') };
    } else if (call.kind === 'read' && (e.status >= 500 || e.status === 0)) {
      notice = {
        reason: 'retry',
        ms: this.backoff(attempt),
        at: now,
        why: e.status
          ? l10n.t('the service answered HTTP {0}', e.status)
          : e.failure.kind === 'timeout'
            ? l10n.t('no answer')
            : l10n.t('the connection failed'),
      };
    }
    if (!notice || !fits(now, notice.ms, budgetEnd, call.deadline)) return undefined;
    return notice;
  }

  /** Held by the limiter: the connection state hears of it (a 429 it heard of with its answer), and the action too. */
  private queued(call: RequestSpec, notice: WaitNotice): void {
    this.observe({ kind: 'waiting', wait: notice });
    this.waiting(call, notice);
  }

  private waiting(call: RequestSpec, notice: WaitNotice): void {
    if (notice.ms < NOTICEABLE_WAIT_MS || !call.onWait) return;
    try {
      call.onWait(notice);
    } catch {
      // A failing listener must not fail the call.
    }
  }

  private observe(event: CallEvent): void {
    try {
      this.opts.observe?.(event);
    } catch {
      // A failing observer must not fail the call.
    }
  }

  private log(entry: CallLogEntry): void {
    if (!this.opts.log) return;
    const safe: CallLogEntry = {
      ...entry,
      path: this.redact(entry.path),
      error: entry.error === undefined ? undefined : this.redact(entry.error),
    };
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

  /** An answer of `op` that is not what the spec describes, `what` saying how (a 2xx one: the call was carried out). */
  badResponse(op: ServiceOperation, r: ServiceResponse, what: string, campaignId?: string): ServiceError {
    const { method, path } = routeOf(this.routes, op, campaignId);
    return new ServiceError({
      status: r.status,
      code: 'BAD_RESPONSE',
      failure: { kind: 'badAnswer', status: r.status },
      message: l10n.t('Unexpected answer from the service: {0}.', what),
      method,
      path,
      requestId: r.requestId,
      attempts: r.attempts,
    });
  }

  private async attempt(
    url: string,
    spec: RequestSpec,
    headers: Record<string, string>,
    payload: string | undefined,
    timeoutMs: number,
  ): Promise<Outcome> {
    const ctrl = new AbortController();
    let timedOut = false;
    const onAbort = () => ctrl.abort();
    spec.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = new AbortController();
    void (this.opts.tryClock ?? systemClock).sleep(timeoutMs, timer.signal).then(
      () => {
        timedOut = true;
        ctrl.abort();
      },
      () => undefined,
    );
    try {
      const res = await this.sendFollowingSameOrigin(url, spec.method, headers, payload, ctrl.signal);
      if ('crossOrigin' in res) return { kind: 'redirect', status: res.status, target: res.crossOrigin };
      const text = await res.text();
      let body: unknown = text;
      if (text.length) {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      } else {
        body = undefined;
      }
      return { kind: 'response', status: res.status, body, retryAfter: res.headers.get('retry-after') ?? undefined };
    } catch (e) {
      if (spec.signal?.aborted) return { kind: 'cancelled', status: 0 };
      if (timedOut) return { kind: 'timeout', status: 0, sent: true };
      return { kind: 'network', status: 0, message: describeNetworkError(e), code: networkCode(e) };
    } finally {
      timer.abort();
      spec.signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * Sends, following redirects only within the base URL's origin. A redirect to another origin
   * is not followed: the request carries the API key and the workspace header, and fetch would
   * drop only `Authorization` on the way.
   */
  private async sendFollowingSameOrigin(
    url: string,
    method: string,
    headers: Record<string, string>,
    payload: string | undefined,
    signal: AbortSignal,
  ): Promise<Response | { status: number; crossOrigin: string }> {
    const origin = new URL(url).origin;
    let next: Hop = { url, method, payload };
    for (let hop = 0; ; hop++) {
      const res = await this.fetchImpl(next.url, {
        method: next.method,
        headers: sendable(headers, next.payload),
        body: next.payload,
        signal,
        redirect: 'manual',
      });
      const location = REDIRECTS.has(res.status) ? res.headers.get('location') : null;
      if (location === null || hop >= MAX_REDIRECTS) return res;
      await res.body?.cancel();
      const target = new URL(location, next.url);
      if (target.origin !== origin) return { status: res.status, crossOrigin: target.origin };
      next = redirected(next, res.status, target.href);
    }
  }
}

/** One request of a chain of redirects. */
interface Hop {
  url: string;
  method: string;
  payload?: string;
}

function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

async function limiterFor(opts: ServiceClientOptions, env: Environment): Promise<RateLimiter> {
  return (
    opts.limiter ??
    sharedLimiter(await limiterKey(env.baseUrl, env.workspaceId, opts.resolveHost), () => new RateLimiter({ clock: opts.clock }))
  );
}

/** Statuses whose `Location` fetch would follow. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Fetch's own limit. */
const MAX_REDIRECTS = 20;

/** The request a redirect asks for, as fetch would make it: 303, and 301/302 after a POST, become a GET without a body. */
function redirected(req: Hop, status: number, url: string): Hop {
  const toGet = (status === 303 && req.method !== 'HEAD') || ((status === 301 || status === 302) && req.method === 'POST');
  return toGet ? { url, method: 'GET', payload: undefined } : { ...req, url };
}

function sendable(headers: Record<string, string>, payload: string | undefined): Record<string, string> {
  if (payload !== undefined) return headers;
  const { 'Content-Type': _noBody, ...rest } = headers;
  return rest;
}

type Outcome =
  | { kind: 'response'; status: number; body: unknown; retryAfter?: string }
  | { kind: 'redirect'; status: number; target: string }
  | { kind: 'timeout'; status: 0; sent: boolean }
  | { kind: 'cancelled'; status: 0 }
  | { kind: 'network'; status: 0; message: string; code?: string };

/** Node's code for a failed connection: on the error or along its causes (fetch puts it on `cause`). */
function networkCode(e: unknown): string | undefined {
  for (let at = e, depth = 0; at && typeof at === 'object' && depth < 4; at = (at as { cause?: unknown }).cause, depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

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

/**
 * The record is the campaign asked for: its `id` or, with campaign versioning (where `id` names
 * one revision), its `campaign_id` is the requested one.
 */
function answersFor(record: CampaignRecord, id: string): boolean {
  return record.id === id || record.campaign_id === id;
}

function describeIds(record: CampaignRecord): string {
  const named = (['id', 'campaign_id'] as const).filter(k => record[k] !== undefined).map(k => `\`${k}\` ${JSON.stringify(record[k])}`);
  return named.length ? named.join(', ') : l10n.t('no campaign id');
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
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 422:
      return 'UNPROCESSABLE_ENTITY';
    case 429:
      return 'RATE_LIMITED';
    default:
      return status >= 500 ? 'INTERNAL_ERROR' : `HTTP_${status}`;
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
