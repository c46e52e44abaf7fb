import { isObject } from '@campaign-studio/core';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServiceOperation, WRITE_OPERATIONS } from '@campaign-studio/sync';
import { adminContentTypeRefusal, adminTokenRefusal, hostRefusal } from './access';
import { AdminError } from './admin';
import { Emulator, EmulatorAdmin, EmulatorOptions, EmulatorWorkspace, LOOPBACK } from './emulator';
import { badRequest, codeForStatus, rateLimited, ServiceError } from './errors';
import { InjectedAnswer } from './faults';
import { requestId as newRequestId } from './ids';
import { Workspace } from './model';
import { budgetOperations, rateBudget } from './rateLimit';
import { RequestLogEntry } from './requestLog';
import { ApiRoute, matchAdmin } from './router';
import { OperationResult } from './service';

export type { EmulatorAdmin, EmulatorOptions, EmulatorWorkspace } from './emulator';

/**
 * The emulator's HTTP layer: one `node:http` server on a loopback address. Each API request goes
 * through, in order: body size limit → faults → route → authentication → rate limit → JSON body
 * → the operation → (for writes) the "applied, then timed out" faults. `/__admin/…` endpoints
 * skip faults, authentication and limits, answer loopback callers with this run's admin token
 * only, and take JSON bodies only. Before all that, a request must name the emulator by a loopback
 * Host (access.ts says why). What the emulator holds is an `Emulator` (emulator.ts); the
 * endpoints are route tables (routes/, matched by router.ts).
 */

export interface RunningEmulator {
  url: string;
  port: number;
  /** What the admin endpoints require in the `X-Emulator-Admin-Token` header. */
  adminToken: string;
  workspaces: EmulatorWorkspace[];
  admin: EmulatorAdmin;
  close(): Promise<void>;
}

class BodyTooLarge extends Error {}

/** The envelope of an answer a fault gives instead of the service. */
function injectedError(a: InjectedAnswer): ServiceError {
  if (a.retryAfterSeconds !== undefined) return rateLimited(`Rate limit reached (injected fault: ${a.reason}).`, a.retryAfterSeconds);
  const message = a.status >= 500 ? `Internal error (injected fault: ${a.reason}). Retry later.` : `Refused (injected fault: ${a.reason}).`;
  return new ServiceError(codeForStatus(a.status), message, 'request', [], { status: a.status });
}

export async function startEmulator(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
  const emu = new Emulator(opts);
  const server = http.createServer((req, res) => {
    serve(emu, req, res).catch(e => lastResort(emu, req, res, e));
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, emu.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  emu.listening(server, (server.address() as AddressInfo).port);
  return {
    url: emu.url,
    port: emu.port,
    adminToken: emu.adminToken,
    workspaces: emu.workspaces(),
    admin: emu.admin,
    close: () => emu.close(),
  };
}

// ---- reading and answering -------------------------------------------------------------------

function send(res: http.ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...extra });
  res.end(text);
}

function readBody(req: http.IncomingMessage, bodyLimit: number): Promise<Buffer> {
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

/** The request id of the caller's header, if it sent one. */
function headerRequestId(emu: Emulator, req: http.IncomingMessage): string | undefined {
  const given = req.headers[emu.headers.requestId.toLowerCase()];
  return typeof given === 'string' && given !== '' ? given : undefined;
}

/** The request id of the caller's header, or a new one. */
function callerRequestId(emu: Emulator, req: http.IncomingMessage): string {
  return headerRequestId(emu, req) ?? newRequestId();
}

function internalError(e: unknown): ServiceError {
  return new ServiceError(
    'INTERNAL_ERROR',
    `The emulator failed while handling this request: ${e instanceof Error ? e.message : String(e)}`,
    'request',
  );
}

// ---- one request -----------------------------------------------------------------------------

/** One request, start to end: whatever it throws, even before it is routed, is answered by `lastResort`. */
async function serve(emu: Emulator, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const started = Date.now();
  let path: string;
  try {
    path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
  } catch {
    send(res, 400, new ServiceError('BAD_REQUEST', 'The request target is not a valid path.', 'path').envelope(newRequestId()));
    return;
  }
  const isAdmin = path === '/__admin' || path.startsWith('/__admin/');
  const misdirected = hostRefusal(req.headers.host, emu.port);
  if (misdirected) {
    emu.log(`${req.method} ${path} refused: addressed to ${req.headers.host ?? 'no Host'}`);
    send(
      res,
      421,
      isAdmin
        ? { error: misdirected }
        : new ServiceError('BAD_REQUEST', misdirected, 'Host', [], { status: 421 }).envelope(callerRequestId(emu, req)),
    );
    return;
  }
  if (isAdmin) {
    await handleAdmin(emu, req, res, path).catch(e => {
      const status = e instanceof AdminError ? e.status : 500;
      if (!(e instanceof AdminError))
        emu.log(`admin ${req.method} ${path} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      send(res, status, { error: e instanceof Error ? e.message : String(e) });
    });
    return;
  }
  const entry = emu.arrived(req.method ?? 'GET', path);
  await handleApi(emu, req, res, path, entry)
    .catch(e => {
      const rid = entry.requestId ?? callerRequestId(emu, req);
      if (e instanceof ServiceError) {
        emu.requestLog.update(entry, { status: e.status });
        send(res, e.status, e.envelope(rid), e.headers);
      } else {
        emu.log(`${req.method} ${path} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
        emu.requestLog.update(entry, { status: 500 });
        send(res, 500, internalError(e).envelope(rid));
      }
    })
    .finally(() => {
      emu.requestLog.update(entry, { ms: Date.now() - started });
      emu.log(
        `${entry.method} ${path} ${entry.status ?? 'dropped'}${entry.fault ? ` [${entry.fault}]` : ''} ${entry.ms}ms${entry.workspace ? ` ws=${entry.workspace}` : ''}${entry.requestId ? ` rid=${entry.requestId}` : ''}`,
      );
    });
}

/** A request that failed outside its handler's own answers (the clock, the log): a 500, or a closed connection once an answer had begun, so no caller hangs. */
function lastResort(emu: Emulator, req: http.IncomingMessage, res: http.ServerResponse, e: unknown): void {
  try {
    emu.log(`${req.method} ${req.url} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    if (res.headersSent) res.destroy();
    else send(res, 500, internalError(e).envelope(callerRequestId(emu, req)));
  } catch {
    res.destroy();
  }
}

// ---- the API pipeline ------------------------------------------------------------------------

async function handleApi(
  emu: Emulator,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  path: string,
  entry: RequestLogEntry,
): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  const headerRid = headerRequestId(emu, req);
  const raw = await readApiBody(emu, req, res, entry, headerRid);
  if (raw === undefined) return;
  if (raw.length) emu.requestLog.update(entry, { body: raw.toString('utf8') });
  if (!(await passFaults(emu, req, method, path, entry))) return;
  const route = routeOf(emu, method, path);
  emu.requestLog.update(entry, { operation: route.operation });
  const ws = authenticate(emu, req);
  emu.requestLog.update(entry, { workspace: ws.id });
  takeRateLimit(emu, ws, route.operation);
  const body = parseJson(raw);
  const { requestId, given } = requestIdOf(emu, headerRid, body);
  emu.requestLog.update(entry, { requestId });
  const result = route.handler(emu, { ws, body, params: route.params, requestId, requestIdGiven: given });
  if (!(await passWriteFaults(emu, req, route.operation, result, entry))) return;
  emu.requestLog.update(entry, { status: result.status });
  send(res, result.status, result.body, { [emu.headers.requestId]: requestId });
}

/** The body, or undefined when it was over the limit and 413 has been answered. */
async function readApiBody(
  emu: Emulator,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  entry: RequestLogEntry,
  headerRid: string | undefined,
): Promise<Buffer | undefined> {
  try {
    return await readBody(req, emu.bodyLimit);
  } catch (e) {
    if (!(e instanceof BodyTooLarge)) throw e;
    const err = new ServiceError(
      'BAD_REQUEST',
      `The body is larger than ${emu.bodyLimit} bytes, the limit of this service. Send less (campaign documents are far smaller).`,
      'body',
      [],
      { status: 413 },
    );
    emu.requestLog.update(entry, { status: 413 });
    send(res, 413, err.envelope(headerRid ?? newRequestId()), { Connection: 'close' });
    return undefined;
  }
}

/**
 * The faults that act before the route: false when the request was dropped or held, or the
 * emulator closed during the added latency; an answer in place of the service's is thrown.
 */
async function passFaults(
  emu: Emulator,
  req: http.IncomingMessage,
  method: string,
  path: string,
  entry: RequestLogEntry,
): Promise<boolean> {
  const pre = emu.faults.before(method, path);
  if (pre?.kind === 'drop') {
    emu.requestLog.update(entry, { fault: 'drop' });
    req.socket.destroy();
    return false;
  }
  if (pre?.kind === 'hang') {
    emu.requestLog.update(entry, { fault: 'hang' });
    await emu.hang(req);
    return false;
  }
  await emu.wait(emu.faults.latency());
  if (emu.closing) {
    req.socket.destroy();
    return false;
  }
  if (pre?.kind === 'answer') {
    emu.requestLog.update(entry, { fault: pre.fault });
    throw injectedError(pre);
  }
  return true;
}

function routeOf(emu: Emulator, method: string, path: string): ApiRoute {
  const match = emu.api.match(method, path);
  if (!match) throw new ServiceError('NOT_FOUND', `There is no endpoint ${method} ${path}.`, 'path', []);
  if ('allowed' in match)
    throw new ServiceError('BAD_REQUEST', `${method} is not allowed on ${path}; use ${match.allowed.join(' or ')}.`, 'method', [], {
      status: 405,
      headers: { Allow: match.allowed.join(', ') },
    });
  return match;
}

const challenge = { headers: { 'WWW-Authenticate': 'Basic realm="Campaign service", charset="UTF-8"' } };
const unauthorized = (message: string, target: string) => new ServiceError('UNAUTHORIZED', message, target, [], challenge);

function authenticate(emu: Emulator, req: http.IncomingMessage): Workspace {
  const appKeyName = emu.headers.appKey;
  const auth = req.headers.authorization;
  const m = typeof auth === 'string' ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(auth) : null;
  if (!m) throw unauthorized('Authentication is required: send `Authorization: Basic <base64 of workspace id:API key>`.', 'Authorization');
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw unauthorized('The Basic credentials must be `workspace id:API key`, base64-encoded.', 'Authorization');
  const user = decoded.slice(0, colon);
  const key = decoded.slice(colon + 1);
  const ws = emu.store.workspace(user);
  if (!ws || ws.apiKey !== key) throw unauthorized('The workspace id or the API key is not valid.', 'Authorization');
  const appKey = req.headers[appKeyName.toLowerCase()];
  if (typeof appKey !== 'string' || appKey === '')
    throw unauthorized(`The \`${appKeyName}\` header is required on every request: set it to the workspace id.`, appKeyName);
  if (appKey !== ws.id) throw unauthorized(`\`${appKeyName}\` must be the workspace id of the credentials (${ws.id}).`, appKeyName);
  return ws;
}

function takeRateLimit(emu: Emulator, ws: Workspace, operation: ServiceOperation): void {
  const budget = rateBudget(operation);
  const decision = emu.limiter.take(`${ws.id}|${budget}`);
  if (decision.ok) return;
  const secs = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
  const ops = budgetOperations(budget);
  const shared = ops.length > 1 ? ` (${ops.join(' and ')} together)` : '';
  throw rateLimited(
    `Rate limit reached: at most ${decision.limit} requests a ${decision.window} in the \`${budget}\` budget${shared}.`,
    secs,
  );
}

/** The request id: the header's or the body's (equal when both are given), or a new one. */
function requestIdOf(emu: Emulator, headerRid: string | undefined, body: Record<string, unknown>): { requestId: string; given: boolean } {
  const bodyRid = body.request_id;
  if (bodyRid !== undefined && (typeof bodyRid !== 'string' || bodyRid === ''))
    throw badRequest('`request_id` is a non-empty string.', 'request_id');
  if (headerRid !== undefined && bodyRid !== undefined && bodyRid !== headerRid) {
    throw badRequest(
      `\`${emu.headers.requestId}\` (${headerRid}) and the body's \`request_id\` (${bodyRid}) differ: send one of them, or the same value in both.`,
      'request_id',
    );
  }
  const given = headerRid ?? (bodyRid as string | undefined);
  return { requestId: given ?? newRequestId(), given: given !== undefined };
}

/** The "applied, then timed out" faults of a write the service accepted: false when its answer was dropped. */
async function passWriteFaults(
  emu: Emulator,
  req: http.IncomingMessage,
  operation: ServiceOperation,
  result: OperationResult,
  entry: RequestLogEntry,
): Promise<boolean> {
  const isWrite = WRITE_OPERATIONS.has(operation) && result.status < 300;
  if (isWrite) emu.requestLog.update(entry, { applied: true });
  const after = isWrite ? emu.faults.afterWrite() : undefined;
  if (after?.kind === 'drop') {
    emu.requestLog.update(entry, { fault: 'write-drop' });
    req.socket.destroy();
    return false;
  }
  if (after?.kind === 'delay') {
    emu.requestLog.update(entry, { fault: 'write-delay' });
    await emu.wait(after.ms);
  }
  return true;
}

// ---- the admin endpoints ---------------------------------------------------------------------

async function handleAdmin(emu: Emulator, req: http.IncomingMessage, res: http.ServerResponse, path: string): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) throw new AdminError(403, 'The admin endpoints answer loopback callers only.');
  const tokenRefusal = adminTokenRefusal(req.headers, emu.adminToken);
  if (tokenRefusal) throw new AdminError(403, tokenRefusal);
  const typeRefusal = adminContentTypeRefusal(method, req.headers);
  if (typeRefusal) throw new AdminError(415, typeRefusal);
  const body = await readAdminBody(emu, req);
  const match = matchAdmin(method, path);
  if (!match) throw new AdminError(404, `There is no admin endpoint ${method} ${path}; GET /__admin lists them.`);
  send(res, 200, match.route.handle(emu, { method, path, body, params: match.params }));
}

async function readAdminBody(emu: Emulator, req: http.IncomingMessage): Promise<Record<string, unknown>> {
  try {
    const text = (await readBody(req, emu.bodyLimit)).toString('utf8');
    if (text.trim() === '') return {};
    const v = JSON.parse(text) as unknown;
    if (!isObject(v)) throw new AdminError(400, 'The body must be a JSON object.');
    return v;
  } catch (e) {
    if (e instanceof AdminError) throw e;
    throw new AdminError(
      e instanceof BodyTooLarge ? 413 : 400,
      e instanceof BodyTooLarge ? 'The body is too large.' : `The body is not valid JSON (${(e as Error).message}).`,
    );
  }
}
