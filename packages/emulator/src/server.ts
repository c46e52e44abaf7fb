import { isObject } from '@campaign-studio/core';
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  headerNames, matchRoute, routesWith, ServiceOperation, ServiceRoute, ServiceRoutes, WRITE_OPERATIONS,
} from '@campaign-studio/sync';
import { adminContentTypeRefusal, adminTokenProblem, adminTokenRefusal, hostRefusal, newAdminToken } from './access';
import { badRequest, codeForStatus, rateLimited, ServiceError } from './errors';
import { FaultConfig, faultConfigFromJson, Faults, FaultSpecError, formatFaultSpec, InjectedAnswer, parseFaultSpec } from './faults';
import { requestId as newRequestId } from './ids';
import { CampaignDoc, Component, COMPONENTS, Features, STATUSES, Status, Workspace } from './model';
import { budgetOperations, rateBudget, RateLimiter, RateLimits, SPEC_LIMITS } from './rateLimit';
import { RequestLog, RequestLogEntry } from './requestLog';
import { CampaignService } from './service';
import { toRecord } from './shape';
import { Store } from './store';
import { Clock, clockRangeProblem } from './time';

/**
 * The emulator's HTTP layer: one `node:http` server on a loopback address. Each API request goes
 * through, in order: body size limit → faults → route → authentication → rate limit → JSON body
 * → the operation → (for writes) the "applied, then timed out" faults. `/__admin/…` endpoints
 * skip faults, authentication and limits, answer loopback callers with this run's admin token
 * only, and take JSON bodies only. Before all that, a request must name the emulator by a loopback
 * Host (access.ts says why).
 */

export interface EmulatorOptions {
  /** 0 (default) = any free port. */
  port?: number;
  /** A loopback address; default 127.0.0.1. */
  host?: string;
  /** Keep the state in this file across restarts (created with the seed data when missing). */
  data?: string;
  /** Faults in force from the start: a spec string (see faults.ts) or an object. */
  faults?: string | FaultConfig;
  /** Load the seed campaigns (default true); false starts with the workspaces only. */
  seed?: boolean;
  /** The clock behind rate limits, "today" and timestamps (default Date.now). */
  now?: () => number;
  /** Rate limits per client and budget (rateLimit.ts); false turns them off. Default: the spec's. */
  rateLimits?: RateLimits | false;
  /** Largest accepted request body, in bytes (default 1 MiB). */
  bodyLimitBytes?: number;
  /** The service's short name in header names (default `SVC`: `SVC-APPKEY`, `X-SVC-Request-Id`). */
  headerPrefix?: string;
  /** Serve the API at other paths (the same overrides the service client accepts). */
  routes?: Partial<Record<ServiceOperation, Partial<ServiceRoute>>>;
  /** One line per request and per internal problem (default: nothing). */
  log?: (line: string) => void;
  /**
   * The token the admin endpoints require (default: a new random one). Fixed, so that a restarted
   * emulator accepts the token its callers already hold.
   */
  adminToken?: string;
}

export interface EmulatorWorkspace {
  id: string;
  apiKey: string;
  name: string;
  features: Features;
  subscriptionCategories: string[];
}

export interface EmulatorAdmin {
  faults(): FaultConfig;
  setFaults(faults: string | FaultConfig): void;
  clearFaults(): void;
  /** Back to the seed data (or the empty state), with rate-limit windows and the request log cleared. */
  reset(): void;
  /** The stored document (request shape, with the emulator's bookkeeping). */
  campaign(id: string): CampaignDoc | undefined;
  /**
   * Change a campaign as another client would: components replaced, `status` set, `updated_at`
   * and `updated_by` refreshed. No validation. Returns the record as GET would.
   */
  editCampaign(id: string, changes: Record<string, unknown>, updatedBy?: string): Record<string, unknown>;
  clock: { now(): number; set(ms: number | string | Date): void; advance(ms: number): void; reset(): void };
  rateLimits(): RateLimits | false;
  setRateLimits(limits: RateLimits | false): void;
  clearRateLimitWindows(): void;
  requests(): RequestLogEntry[];
  /** The first request `match` accepts, logged already or as it arrives or changes (in-process only). */
  whenRequest(match: (entry: RequestLogEntry) => boolean, what?: string, timeoutMs?: number): Promise<RequestLogEntry>;
  clearRequests(): void;
}

export interface RunningEmulator {
  url: string;
  port: number;
  /** What the admin endpoints require in the `X-Emulator-Admin-Token` header. */
  adminToken: string;
  workspaces: EmulatorWorkspace[];
  admin: EmulatorAdmin;
  close(): Promise<void>;
}

const DEFAULT_BODY_LIMIT = 1024 * 1024;
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1', 'localhost']);

class BodyTooLarge extends Error {}

class AdminError extends Error {
  constructor(readonly status: number, message: string) { super(message); }
}

function refuseOutsideRange(ms: number, what: string): void {
  const problem = clockRangeProblem(ms, what);
  if (problem) throw new AdminError(400, problem);
}

/** The envelope of an answer a fault gives instead of the service. */
function injectedError(a: InjectedAnswer): ServiceError {
  if (a.retryAfterSeconds !== undefined) return rateLimited(`Rate limit reached (injected fault: ${a.reason}).`, a.retryAfterSeconds);
  const message = a.status >= 500 ? `Internal error (injected fault: ${a.reason}). Retry later.` : `Refused (injected fault: ${a.reason}).`;
  return new ServiceError(codeForStatus(a.status), message, 'request', [], { status: a.status });
}

export async function startEmulator(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
  const host = opts.host ?? '127.0.0.1';
  if (!LOOPBACK.has(host)) throw new Error(`The emulator listens on loopback addresses only (127.0.0.1, ::1); ${host} is not one.`);
  const adminToken = opts.adminToken ?? newAdminToken();
  const tokenProblem = adminTokenProblem(adminToken);
  if (tokenProblem) throw new Error(tokenProblem);
  const log = opts.log ?? (() => undefined);
  const clock = new Clock(opts.now);
  const store = new Store(clock, opts.data, opts.seed !== false);
  const faults = new Faults(typeof opts.faults === 'string' ? parseFaultSpec(opts.faults) : opts.faults);
  const limiter = new RateLimiter(opts.rateLimits === undefined ? { ...SPEC_LIMITS } : opts.rateLimits, () => clock.now());
  const service = new CampaignService(store, clock, (ids, e) => log(`rule ${ids.join(',')} threw: ${e instanceof Error ? e.stack ?? e.message : String(e)}`));
  const routes: ServiceRoutes = routesWith(opts.routes);
  const headers = headerNames(opts.headerPrefix);
  const appKeyHeader = headers.appKey.toLowerCase();
  const requestIdHeader = headers.requestId.toLowerCase();
  const bodyLimit = opts.bodyLimitBytes ?? DEFAULT_BODY_LIMIT;
  const requestLog = new RequestLog();
  let seq = 0;
  let closing = false;
  /** Known once listening; read per request, since `server.address()` is null once closing. */
  let port = 0;
  const waits = new Set<() => void>();
  const hung = new Set<Socket>();

  /** A delay that ends early when the emulator closes. */
  function wait(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise(resolve => {
      const done = () => { clearTimeout(t); waits.delete(done); resolve(); };
      const t = setTimeout(done, ms);
      waits.add(done);
    });
  }

  /** Holds a request unanswered until its client gives up or the hung requests are released. */
  function hang(req: http.IncomingMessage): Promise<void> {
    const socket = req.socket;
    if (socket.destroyed) return Promise.resolve();
    hung.add(socket);
    return new Promise(resolve => socket.once('close', () => { hung.delete(socket); resolve(); }));
  }

  /** Each socket leaves `hung` by itself, when it closes. */
  function releaseHung(): void {
    for (const socket of hung) socket.destroy();
  }

  /** A new fault set (or none) ends the requests the previous one left hanging. */
  function applyFaults(config: FaultConfig): void {
    faults.set(config);
    releaseHung();
  }

  function send(res: http.ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
    if (res.headersSent || res.destroyed) return;
    const text = body === undefined ? '' : JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...extra });
    res.end(text);
  }

  function readBody(req: http.IncomingMessage): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let over = false;
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size > bodyLimit) {
          over = true;
          chunks.length = 0;
          // Read the rest (so the client sees the answer) but never more than a bound.
          if (size > bodyLimit * 16) req.destroy();
          return;
        }
        chunks.push(c);
      });
      req.on('end', () => (over ? reject(new BodyTooLarge()) : resolve(Buffer.concat(chunks))));
      req.on('error', reject);
      req.on('close', () => reject(over ? new BodyTooLarge() : new Error('the client closed the connection before the body was complete')));
    });
  }

  const challenge = { headers: { 'WWW-Authenticate': 'Basic realm="Campaign service", charset="UTF-8"' } };
  const unauthorized = (message: string, target: string) => new ServiceError('UNAUTHORIZED', message, target, [], challenge);

  function authenticate(req: http.IncomingMessage): Workspace {
    const auth = req.headers.authorization;
    const m = typeof auth === 'string' ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(auth) : null;
    if (!m) throw unauthorized('Authentication is required: send `Authorization: Basic <base64 of workspace id:API key>`.', 'Authorization');
    const decoded = Buffer.from(m[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw unauthorized('The Basic credentials must be `workspace id:API key`, base64-encoded.', 'Authorization');
    const user = decoded.slice(0, colon);
    const key = decoded.slice(colon + 1);
    const ws = store.workspace(user);
    if (!ws || ws.apiKey !== key) throw unauthorized('The workspace id or the API key is not valid.', 'Authorization');
    const appKey = req.headers[appKeyHeader];
    if (typeof appKey !== 'string' || appKey === '') throw unauthorized(`The \`${headers.appKey}\` header is required on every request: set it to the workspace id.`, headers.appKey);
    if (appKey !== ws.id) throw unauthorized(`\`${headers.appKey}\` must be the workspace id of the credentials (${ws.id}).`, headers.appKey);
    return ws;
  }

  /** The request id of the caller's header, or a new one. */
  function callerRequestId(req: http.IncomingMessage): string {
    const given = req.headers[requestIdHeader];
    return typeof given === 'string' && given !== '' ? given : newRequestId();
  }

  function parseJson(raw: Buffer): Record<string, unknown> {
    const text = raw.toString('utf8');
    if (text.trim() === '') return {};
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch (e) {
      throw badRequest(`The body is not valid JSON (${(e as Error).message}). Send strict JSON: no comments, no trailing commas.`, 'body');
    }
    if (!isObject(v)) throw badRequest('The body must be a JSON object.', 'body');
    return v;
  }

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, path: string, entry: RequestLogEntry): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const headerRid = req.headers[requestIdHeader];
    let rid = typeof headerRid === 'string' && headerRid !== '' ? headerRid : undefined;
    let raw: Buffer;
    try {
      raw = await readBody(req);
    } catch (e) {
      if (e instanceof BodyTooLarge) {
        const err = new ServiceError('BAD_REQUEST', `The body is larger than ${bodyLimit} bytes, the limit of this service. Send less (campaign documents are far smaller).`, 'body', [], { status: 413 });
        requestLog.update(entry, { status: 413 });
        send(res, 413, err.envelope(rid ?? newRequestId()), { Connection: 'close' });
        return;
      }
      throw e;
    }

    const pre = faults.before(method, path);
    if (pre?.kind === 'drop') {
      requestLog.update(entry, { fault: 'drop' });
      req.socket.destroy();
      return;
    }
    if (pre?.kind === 'hang') {
      requestLog.update(entry, { fault: 'hang' });
      await hang(req);
      return;
    }
    await wait(faults.latency());
    if (closing) { req.socket.destroy(); return; }
    if (pre?.kind === 'answer') {
      requestLog.update(entry, { fault: pre.fault });
      throw injectedError(pre);
    }

    const match = matchRoute(routes, method, path);
    if (!match) throw new ServiceError('NOT_FOUND', `There is no endpoint ${method} ${path}.`, 'path', []);
    if ('allowed' in match) throw new ServiceError('BAD_REQUEST', `${method} is not allowed on ${path}; use ${match.allowed.join(' or ')}.`, 'method', [], { status: 405, headers: { Allow: match.allowed.join(', ') } });
    requestLog.update(entry, { operation: match.operation });

    const ws = authenticate(req);
    requestLog.update(entry, { workspace: ws.id });
    const budget = rateBudget(match.operation);
    const decision = limiter.take(`${ws.id}|${budget}`);
    if (!decision.ok) {
      const secs = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
      const ops = budgetOperations(budget);
      const shared = ops.length > 1 ? ` (${ops.join(' and ')} together)` : '';
      throw rateLimited(`Rate limit reached: at most ${decision.limit} requests a ${decision.window} in the \`${budget}\` budget${shared}.`, secs);
    }

    const body = parseJson(raw);
    const bodyRid = body.request_id;
    if (bodyRid !== undefined && (typeof bodyRid !== 'string' || bodyRid === '')) throw badRequest('`request_id` is a non-empty string.', 'request_id');
    if (rid !== undefined && bodyRid !== undefined && bodyRid !== rid) {
      throw badRequest(`\`${headers.requestId}\` (${rid}) and the body's \`request_id\` (${bodyRid}) differ: send one of them, or the same value in both.`, 'request_id');
    }
    const given = rid ?? (bodyRid as string | undefined);
    rid = given ?? newRequestId();
    requestLog.update(entry, { requestId: rid });

    const result = service.handle(match.operation, { ws, body, params: match.params, requestId: rid, requestIdGiven: given !== undefined });
    const isWrite = WRITE_OPERATIONS.has(match.operation) && result.status < 300;
    if (isWrite) requestLog.update(entry, { applied: true });
    const after = isWrite ? faults.afterWrite() : undefined;
    if (after?.kind === 'drop') {
      requestLog.update(entry, { fault: 'write-drop' });
      req.socket.destroy();
      return;
    }
    if (after?.kind === 'delay') {
      requestLog.update(entry, { fault: 'write-delay' });
      await wait(after.ms);
    }
    requestLog.update(entry, { status: result.status });
    send(res, result.status, result.body, { [headers.requestId]: rid });
  }

  const admin: EmulatorAdmin = {
    faults: () => faults.get(),
    setFaults: f => applyFaults(typeof f === 'string' ? parseFaultSpec(f) : faultConfigFromJson(f)),
    clearFaults: () => applyFaults({}),
    reset() {
      store.reset();
      limiter.clear();
      requestLog.clear();
    },
    campaign: id => store.byId(id) ?? store.state.campaigns.find(d => d.campaign_id === id && d.current),
    editCampaign(id, changes, updatedBy = 'someone.else@example.com') {
      const doc = admin.campaign(id);
      if (!doc) throw new AdminError(404, `No campaign ${id}.`);
      for (const [k, v] of Object.entries(changes)) {
        if ((COMPONENTS as readonly string[]).includes(k)) {
          if (v === null) delete doc.components[k as Component];
          else doc.components[k as Component] = JSON.parse(JSON.stringify(v));
        } else if (k === 'status') {
          if (!STATUSES.includes(v as Status)) throw new AdminError(400, `\`status\` is one of ${STATUSES.join(', ')}.`);
          doc.status = v as Status;
        } else if (k !== 'updated_by') {
          throw new AdminError(400, `\`${k}\` cannot be edited: send components, \`status\` or \`updated_by\`.`);
        }
      }
      if (doc.status !== 'DRAFT' && Object.keys(changes).some(k => (COMPONENTS as readonly string[]).includes(k))) doc.unpublished_edits = true;
      doc.updated_by = typeof changes.updated_by === 'string' ? changes.updated_by : updatedBy;
      doc.updated_at = store.stamp(doc.updated_at);
      store.persist();
      return toRecord(doc, store.workspace(doc.workspace)!);
    },
    clock: {
      now: () => clock.now(),
      set(v) {
        const ms = typeof v === 'number' ? v : new Date(v).getTime();
        if (!Number.isFinite(ms)) throw new AdminError(400, `${String(v)} is not a time: send epoch milliseconds or an ISO 8601 date-time.`);
        refuseOutsideRange(ms, `setting it to ${String(v)}`);
        clock.set(ms);
      },
      advance(ms) {
        refuseOutsideRange(clock.now() + ms, `advancing it by ${ms} ms`);
        clock.advance(ms);
      },
      reset: () => clock.reset(),
    },
    rateLimits: () => limiter.current(),
    setRateLimits: l => limiter.configure(l),
    clearRateLimitWindows: () => limiter.clear(),
    requests: () => requestLog.list(),
    whenRequest: (match, what, timeoutMs) => requestLog.when(match, what, timeoutMs),
    clearRequests: () => requestLog.clear(),
  };

  async function handleAdmin(req: http.IncomingMessage, res: http.ServerResponse, path: string): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) throw new AdminError(403, 'The admin endpoints answer loopback callers only.');
    const tokenRefusal = adminTokenRefusal(req.headers, adminToken);
    if (tokenRefusal) throw new AdminError(403, tokenRefusal);
    const typeRefusal = adminContentTypeRefusal(method, req.headers);
    if (typeRefusal) throw new AdminError(415, typeRefusal);
    let body: Record<string, unknown> = {};
    try {
      const raw = await readBody(req);
      const text = raw.toString('utf8');
      if (text.trim() !== '') {
        const v = JSON.parse(text) as unknown;
        if (!isObject(v)) throw new AdminError(400, 'The body must be a JSON object.');
        body = v;
      }
    } catch (e) {
      if (e instanceof AdminError) throw e;
      throw new AdminError(e instanceof BodyTooLarge ? 413 : 400, e instanceof BodyTooLarge ? 'The body is too large.' : `The body is not valid JSON (${(e as Error).message}).`);
    }
    const sub = path.replace(/^\/__admin\/?/, '');
    const ok = (v: unknown) => send(res, 200, v);
    const faultView = () => ({ spec: formatFaultSpec(faults.get()), faults: faults.get() });
    if (sub === '' && method === 'GET') {
      return ok({
        endpoints: [
          'GET /__admin/workspaces',
          'GET|PUT|POST|DELETE /__admin/faults   body: { "spec": "latency=100,error-rate=0.1" } or a fault object',
          'POST /__admin/reset',
          'GET|PATCH /__admin/campaigns/{id}   PATCH body: components, "status", "updated_by"',
          'GET|POST /__admin/clock   body: { "set": "2026-01-01T00:00:00Z" } | { "advanceMs": 1000 } | { "reset": true }',
          'GET|PUT|DELETE /__admin/rate-limits   PUT body: { "perSecond": 10, "perMinute": 100, "perHour": 6000 } or { "enabled": false }',
          'GET|DELETE /__admin/requests',
        ],
      });
    }
    if (sub === 'workspaces' && method === 'GET') return ok({ workspaces: store.state.workspaces.map(publicWorkspace) });
    if (sub === 'faults') {
      if (method === 'GET') return ok(faultView());
      if (method === 'PUT' || method === 'POST') {
        try { applyFaults(faultConfigFromJson(body)); } catch (e) { if (e instanceof FaultSpecError) throw new AdminError(400, e.message); throw e; }
        return ok(faultView());
      }
      if (method === 'DELETE') { applyFaults({}); return ok(faultView()); }
    }
    if (sub === 'reset' && method === 'POST') { admin.reset(); return ok({ reset: true, campaigns: store.state.campaigns.length }); }
    const cm = /^campaigns\/([^/]+)$/.exec(sub);
    if (cm) {
      const id = decodeURIComponent(cm[1]);
      if (method === 'GET') {
        const doc = admin.campaign(id);
        if (!doc) throw new AdminError(404, `No campaign ${id}.`);
        return ok(doc);
      }
      if (method === 'PATCH') return ok(admin.editCampaign(id, body));
    }
    if (sub === 'clock') {
      if (method === 'POST') {
        if (body.reset === true) admin.clock.reset();
        else if (body.set !== undefined) admin.clock.set(body.set as string | number);
        else if (typeof body.advanceMs === 'number' && Number.isFinite(body.advanceMs)) admin.clock.advance(body.advanceMs);
        else throw new AdminError(400, 'Send `{ "set": <ISO date-time or epoch ms> }`, `{ "advanceMs": <ms> }` or `{ "reset": true }`.');
      } else if (method !== 'GET') {
        throw new AdminError(405, 'Use GET or POST on /__admin/clock.');
      }
      return ok(clock.describe());
    }
    if (sub === 'rate-limits') {
      if (method === 'GET') return ok({ limits: limiter.current() });
      if (method === 'DELETE') { limiter.clear(); return ok({ limits: limiter.current() }); }
      if (method === 'PUT' || method === 'POST') {
        if (body.enabled === false) limiter.configure(false);
        else {
          const l = { ...SPEC_LIMITS };
          for (const k of ['perSecond', 'perMinute', 'perHour'] as const) {
            if (body[k] === undefined) continue;
            const v = body[k];
            if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw new AdminError(400, `\`${k}\` is a positive integer.`);
            l[k] = v;
          }
          limiter.configure(l);
        }
        return ok({ limits: limiter.current() });
      }
    }
    if (sub === 'requests') {
      if (method === 'GET') return ok({ requests: admin.requests() });
      if (method === 'DELETE') { admin.clearRequests(); return ok({ requests: [] }); }
    }
    throw new AdminError(404, `There is no admin endpoint ${method} ${path}; GET /__admin lists them.`);
  }

  /** One request, start to end: whatever it throws, even before it is routed, is answered by `lastResort`. */
  async function serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const started = Date.now();
    let path: string;
    try {
      path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    } catch {
      send(res, 400, new ServiceError('BAD_REQUEST', 'The request target is not a valid path.', 'path').envelope(newRequestId()));
      return;
    }
    const isAdmin = path === '/__admin' || path.startsWith('/__admin/');
    const misdirected = hostRefusal(req.headers.host, port);
    if (misdirected) {
      log(`${req.method} ${path} refused: addressed to ${req.headers.host ?? 'no Host'}`);
      send(res, 421, isAdmin ? { error: misdirected } : new ServiceError('BAD_REQUEST', misdirected, 'Host', [], { status: 421 }).envelope(callerRequestId(req)));
      return;
    }
    if (isAdmin) {
      await handleAdmin(req, res, path).catch(e => {
        const status = e instanceof AdminError ? e.status : 500;
        if (!(e instanceof AdminError)) log(`admin ${req.method} ${path} failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
        send(res, status, { error: e instanceof Error ? e.message : String(e) });
      });
      return;
    }
    // Logged on arrival, so that a request still in progress (a delayed write) is visible.
    const entry: RequestLogEntry = { seq: ++seq, at: new Date(clock.now()).toISOString(), method: req.method ?? 'GET', path };
    requestLog.add(entry);
    await handleApi(req, res, path, entry)
      .catch(e => {
        const rid = entry.requestId ?? callerRequestId(req);
        if (e instanceof ServiceError) {
          requestLog.update(entry, { status: e.status });
          send(res, e.status, e.envelope(rid), e.headers);
        } else {
          log(`${req.method} ${path} failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
          requestLog.update(entry, { status: 500 });
          send(res, 500, internalError(e).envelope(rid));
        }
      })
      .finally(() => {
        requestLog.update(entry, { ms: Date.now() - started });
        log(`${entry.method} ${path} ${entry.status ?? 'dropped'}${entry.fault ? ` [${entry.fault}]` : ''} ${entry.ms}ms${entry.workspace ? ` ws=${entry.workspace}` : ''}${entry.requestId ? ` rid=${entry.requestId}` : ''}`);
      });
  }

  /** A request that failed outside its handler's own answers (the clock, the log): a 500, or a closed connection once an answer had begun, so no caller hangs. */
  function lastResort(req: http.IncomingMessage, res: http.ServerResponse, e: unknown): void {
    try {
      log(`${req.method} ${req.url} failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
      if (res.headersSent) res.destroy();
      else send(res, 500, internalError(e).envelope(callerRequestId(req)));
    } catch {
      res.destroy();
    }
  }

  const server = http.createServer((req, res) => {
    serve(req, res).catch(e => lastResort(req, res, e));
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  let closed: Promise<void> | undefined;
  return {
    url,
    port,
    adminToken,
    workspaces: store.state.workspaces.map(publicWorkspace),
    admin,
    close() {
      if (!closed) {
        closing = true;
        closed = new Promise<void>(resolve => {
          server.close(() => resolve());
          for (const w of [...waits]) w();
          // Every connection, the hung ones too.
          server.closeAllConnections();
        });
      }
      return closed;
    },
  };
}

function internalError(e: unknown): ServiceError {
  return new ServiceError('INTERNAL_ERROR', `The emulator failed while handling this request: ${e instanceof Error ? e.message : String(e)}`, 'request');
}

function publicWorkspace(w: Workspace): EmulatorWorkspace {
  return { id: w.id, apiKey: w.apiKey, name: w.name, features: { ...w.features }, subscriptionCategories: [...w.subscriptionCategories] };
}
