import type * as http from 'node:http';
import type { Socket } from 'node:net';
import { headerNames, routesWith, ServiceOperation, ServiceRoute } from '@campaign-studio/sync';
import { adminTokenProblem, newAdminToken } from './access';
import { adminApi } from './admin';
import { FaultConfig, Faults, parseFaultSpec } from './faults';
import { CampaignDoc, Features, Workspace } from './model';
import { RateLimiter, RateLimits, SPEC_LIMITS } from './rateLimit';
import { RequestLog, RequestLogEntry } from './requestLog';
import { ApiRouter } from './router';
import { CampaignService } from './service';
import { Store } from './store';
import { Clock } from './time';

/**
 * What one running emulator holds: its settings, the store and the clock, the faults in force,
 * the rate limiter, the request log, the requests it holds open, and whether it is closing.
 * One instance per `startEmulator`, and nothing at module level, so that emulators in one process
 * share nothing. The HTTP layer (server.ts) and the route tables (routes/) work over it.
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

const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** The addresses the emulator listens on, and the only callers its admin endpoints answer. */
export const LOOPBACK: ReadonlySet<string> = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1', 'localhost']);

export class Emulator {
  readonly host: string;
  readonly adminToken: string;
  readonly log: (line: string) => void;
  readonly clock: Clock;
  readonly store: Store;
  readonly faults: Faults;
  readonly limiter: RateLimiter;
  readonly service: CampaignService;
  readonly api: ApiRouter;
  readonly headers: { appKey: string; requestId: string };
  readonly bodyLimit: number;
  readonly requestLog = new RequestLog();
  readonly admin: EmulatorAdmin;
  /** Known once listening; read per request, since `server.address()` is null once closing. */
  port = 0;
  private seq = 0;
  private isClosing = false;
  private readonly waits = new Set<() => void>();
  private readonly hung = new Set<Socket>();
  private server: http.Server | undefined;
  private closed: Promise<void> | undefined;

  constructor(opts: EmulatorOptions) {
    this.host = opts.host ?? '127.0.0.1';
    if (!LOOPBACK.has(this.host))
      throw new Error(`The emulator listens on loopback addresses only (127.0.0.1, ::1); ${this.host} is not one.`);
    this.adminToken = opts.adminToken ?? newAdminToken();
    const tokenProblem = adminTokenProblem(this.adminToken);
    if (tokenProblem) throw new Error(tokenProblem);
    const log = opts.log ?? (() => undefined);
    this.log = log;
    this.clock = new Clock(opts.now);
    this.store = new Store(this.clock, opts.data, opts.seed !== false);
    this.faults = new Faults(typeof opts.faults === 'string' ? parseFaultSpec(opts.faults) : opts.faults);
    this.limiter = new RateLimiter(opts.rateLimits === undefined ? { ...SPEC_LIMITS } : opts.rateLimits, () => this.clock.now());
    this.service = new CampaignService(this.store, this.clock, (ids, e) =>
      log(`rule ${ids.join(',')} threw: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`),
    );
    this.api = new ApiRouter(routesWith(opts.routes));
    this.headers = headerNames(opts.headerPrefix);
    this.bodyLimit = opts.bodyLimitBytes ?? DEFAULT_BODY_LIMIT;
    this.admin = adminApi(this);
  }

  get closing(): boolean {
    return this.isClosing;
  }

  get url(): string {
    return `http://${this.host.includes(':') ? `[${this.host}]` : this.host}:${this.port}`;
  }

  workspaces(): EmulatorWorkspace[] {
    return this.store.state.workspaces.map(publicWorkspace);
  }

  /** An API request, logged on arrival so that one still in progress (a delayed write) is visible. */
  arrived(method: string, path: string): RequestLogEntry {
    const entry: RequestLogEntry = { seq: ++this.seq, at: new Date(this.clock.now()).toISOString(), method, path };
    this.requestLog.add(entry);
    return entry;
  }

  /** A delay that ends early when the emulator closes. */
  wait(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise(resolve => {
      const done = () => {
        clearTimeout(t);
        this.waits.delete(done);
        resolve();
      };
      const t = setTimeout(done, ms);
      this.waits.add(done);
    });
  }

  /** Holds a request unanswered until its client gives up or the hung requests are released. */
  hang(req: http.IncomingMessage): Promise<void> {
    const socket = req.socket;
    if (socket.destroyed) return Promise.resolve();
    this.hung.add(socket);
    return new Promise(resolve =>
      socket.once('close', () => {
        this.hung.delete(socket);
        resolve();
      }),
    );
  }

  /** A new fault set (or none) ends the requests the previous one left hanging. */
  applyFaults(config: FaultConfig): void {
    this.faults.set(config);
    // Each socket leaves `hung` by itself, when it closes.
    for (const socket of this.hung) socket.destroy();
  }

  /** The server now listening for this emulator, and its port. */
  listening(server: http.Server, port: number): void {
    this.server = server;
    this.port = port;
  }

  close(): Promise<void> {
    if (!this.closed) {
      this.isClosing = true;
      const server = this.server;
      this.closed = new Promise<void>(resolve => {
        if (server) server.close(() => resolve());
        else resolve();
        for (const w of [...this.waits]) w();
        // Every connection, the hung ones too.
        server?.closeAllConnections();
      });
    }
    return this.closed;
  }
}

function publicWorkspace(w: Workspace): EmulatorWorkspace {
  return { id: w.id, apiKey: w.apiKey, name: w.name, features: { ...w.features }, subscriptionCategories: [...w.subscriptionCategories] };
}
