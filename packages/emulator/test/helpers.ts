import * as http from 'node:http';
import { after, before, beforeEach } from 'node:test';
import { CampaignDoc } from '../src/model';
import { seedState } from '../src/seed';
import { ADMIN_TOKEN_HEADER } from '../src/access';
import { EmulatorOptions, EmulatorWorkspace, RunningEmulator, startEmulator } from '../src/server';

/** Small HTTP helpers for the emulator's tests (plain node:http, no pooling). */

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The parsed JSON body (tests read many shapes). */
  body: any;
}

export interface CallOptions {
  /** Raw body text instead of JSON.stringify(body). */
  raw?: string | Buffer;
  headers?: Record<string, string | undefined>;
  /** false: no Authorization header. */
  auth?: false | { user: string; key: string };
  /** The `SVC-APPKEY` header; false leaves it out. Default: the workspace id. */
  appKey?: string | false;
  /** The `X-SVC-Request-Id` header; false leaves it out. Default: a fresh id. */
  requestId?: string | false;
  timeoutMs?: number;
}

let counter = 0;

export function basic(user: string, key: string): string {
  return `Basic ${Buffer.from(`${user}:${key}`).toString('base64')}`;
}

export function call(
  url: string,
  ws: Pick<EmulatorWorkspace, 'id' | 'apiKey'> | undefined,
  method: string,
  path: string,
  body?: unknown,
  opts: CallOptions = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (opts.auth !== false && (ws || opts.auth)) {
    const a = opts.auth ?? { user: ws!.id, key: ws!.apiKey };
    headers.Authorization = basic(a.user, a.key);
  }
  if (opts.appKey !== false && (opts.appKey !== undefined || ws)) headers['SVC-APPKEY'] = opts.appKey ?? ws!.id;
  if (opts.requestId !== false) headers['X-SVC-Request-Id'] = opts.requestId ?? `test-${process.pid}-${++counter}`;
  const payload = opts.raw ?? (body === undefined ? undefined : JSON.stringify(body));
  if (payload !== undefined) {
    headers['Content-Type'] = 'application/json';
    // Node frames a GET body only with an explicit length.
    headers['Content-Length'] = String(Buffer.byteLength(payload));
  }
  for (const [k, v] of Object.entries(opts.headers ?? {})) {
    if (v === undefined) delete headers[k];
    else headers[k] = v;
  }
  return new Promise((resolve, reject) => {
    const req = http.request(url + path, { method, headers, agent: false }, res => {
      const chunks: Buffer[] = [];
      res.on('data', c => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          parsed = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: parsed });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (opts.timeoutMs) req.setTimeout(opts.timeoutMs, () => req.destroy(new Error(`timed out after ${opts.timeoutMs} ms`)));
    if (payload !== undefined) req.end(payload);
    else req.end();
  });
}

/** Admin calls: no service credentials, the emulator's admin token (`headers` may replace or remove it). */
export function adminCall(
  emu: Pick<RunningEmulator, 'url' | 'adminToken'>,
  method: string,
  path: string,
  body?: unknown,
  opts: CallOptions = {},
): Promise<Reply> {
  const headers = { [ADMIN_TOKEN_HEADER]: emu.adminToken, ...opts.headers };
  return call(emu.url, undefined, method, path, body, { ...opts, headers, auth: false, appKey: false, requestId: false });
}

/**
 * One emulator for a test file, reset before each test, rate limits off unless a test turns
 * them on (the limits have their own tests, with an injected clock).
 */
export function useEmulator(opts: EmulatorOptions = {}): {
  readonly emu: RunningEmulator;
  readonly all: EmulatorWorkspace;
  readonly none: EmulatorWorkspace;
  call(ws: EmulatorWorkspace | undefined, method: string, path: string, body?: unknown, opts?: CallOptions): Promise<Reply>;
} {
  let emu: RunningEmulator | undefined;
  before(async () => {
    emu = await startEmulator({ rateLimits: false, ...opts });
  });
  after(async () => {
    await emu?.close();
  });
  beforeEach(() => {
    emu!.admin.reset();
    emu!.admin.clearFaults();
    emu!.admin.setRateLimits(opts.rateLimits ?? false);
    emu!.admin.clock.reset();
  });
  return {
    get emu() {
      return emu!;
    },
    get all() {
      return emu!.workspaces.find(w => w.features.versioning)!;
    },
    get none() {
      return emu!.workspaces.find(w => !w.features.versioning)!;
    },
    call: (ws, method, path, body, o) => call(emu!.url, ws, method, path, body, o),
  };
}

/** Every page of a search, until a page comes back shorter than the limit. */
export async function searchAll(
  t: ReturnType<typeof useEmulator>,
  ws: EmulatorWorkspace,
  body: Record<string, unknown> = {},
  limit = 15,
): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown>> = [];
  for (let page = 1; page < 100; page++) {
    const r = await t.call(ws, 'POST', '/v5/campaigns/search', { ...body, limit, page });
    if (r.status !== 200) throw new Error(`search page ${page}: ${r.status} ${r.text}`);
    out.push(...r.body.data);
    if (r.body.data.length < limit) return out;
  }
  throw new Error('search never returned a short page');
}

const SEED = seedState();

/** A seed document by its campaign name (the current revision unless `version` is given). */
export function seed(name: string, version?: number): CampaignDoc {
  const d = SEED.campaigns.find(
    c =>
      (c.components.basic_details as { name?: string } | undefined)?.name === name &&
      (version === undefined ? c.current : c.version_number === version),
  );
  if (!d) throw new Error(`no seed campaign named "${name}"`);
  return d;
}

export function seedDocs(): CampaignDoc[] {
  return seedState().campaigns;
}

/** The request shape of a stored campaign: what a PATCH body would carry for every component. */
export function patchBody(doc: CampaignDoc, updatedBy = 'tester@example.com'): Record<string, unknown> {
  return {
    channel: doc.channel,
    campaign_delivery_type: doc.campaign_delivery_type,
    updated_by: updatedBy,
    ...JSON.parse(JSON.stringify(doc.components)),
  };
}
