import { AdminError } from '../admin';
import type { Emulator } from '../emulator';
import { faultConfigFromJson, FaultSpecError, formatFaultSpec } from '../faults';
import { SPEC_LIMITS } from '../rateLimit';
import type { AdminRequest, AdminRoute } from '../router';

/**
 * The `/__admin` endpoints: loopback callers with this run's admin token only, JSON bodies only
 * (server.ts checks both first). Any other method and path is 404, pointing at `GET /__admin`,
 * which lists them.
 */

const faultView = (emu: Emulator) => ({ spec: formatFaultSpec(emu.faults.get()), faults: emu.faults.get() });

function setFaults(emu: Emulator, { body }: AdminRequest): unknown {
  try {
    emu.applyFaults(faultConfigFromJson(body));
  } catch (e) {
    if (e instanceof FaultSpecError) throw new AdminError(400, e.message);
    throw e;
  }
  return faultView(emu);
}

function changeClock(emu: Emulator, { body }: AdminRequest): unknown {
  if (body.reset === true) emu.admin.clock.reset();
  else if (body.set !== undefined) emu.admin.clock.set(body.set as string | number);
  else if (typeof body.advanceMs === 'number' && Number.isFinite(body.advanceMs)) emu.admin.clock.advance(body.advanceMs);
  else throw new AdminError(400, 'Send `{ "set": <ISO date-time or epoch ms> }`, `{ "advanceMs": <ms> }` or `{ "reset": true }`.');
  return emu.clock.describe();
}

function setRateLimits(emu: Emulator, { body }: AdminRequest): unknown {
  if (body.enabled === false) emu.limiter.configure(false);
  else {
    const l = { ...SPEC_LIMITS };
    for (const k of ['perSecond', 'perMinute', 'perHour'] as const) {
      if (body[k] === undefined) continue;
      const v = body[k];
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw new AdminError(400, `\`${k}\` is a positive integer.`);
      l[k] = v;
    }
    emu.limiter.configure(l);
  }
  return { limits: emu.limiter.current() };
}

/**
 * The endpoints as `GET /__admin` lists them, from the table: each path once, with its methods in
 * the table's order, then the body each takes (`hint`). The list itself and the `*` refusals are
 * left out.
 */
function endpoints(): string[] {
  const byPath = new Map<string, AdminRoute[]>();
  for (const r of ADMIN_ROUTES) if (r.path !== '' && r.method !== '*') byPath.set(r.path, [...(byPath.get(r.path) ?? []), r]);
  return [...byPath].map(([path, routes]) => {
    const hints = new Map<string, string[]>();
    for (const r of routes) if (r.hint) hints.set(r.hint, [...(hints.get(r.hint) ?? []), r.method]);
    const bodies = [...hints].map(([hint, methods]) => `${methods.join('|')} body: ${hint}`);
    return [`${routes.map(r => r.method).join('|')} /__admin/${path}`, ...bodies].join('   ');
  });
}

const FAULTS_BODY = '{ "spec": "latency=100,error-rate=0.1" } or a fault object';
const RATE_LIMITS_BODY = '{ "perSecond": 10, "perMinute": 100, "perHour": 6000 } or { "enabled": false }';

export const ADMIN_ROUTES: readonly AdminRoute[] = [
  { method: 'GET', path: '', handle: () => ({ endpoints: endpoints() }) },
  { method: 'GET', path: 'workspaces', handle: emu => ({ workspaces: emu.workspaces() }) },
  { method: 'GET', path: 'faults', handle: faultView },
  { method: 'PUT', path: 'faults', handle: setFaults, hint: FAULTS_BODY },
  { method: 'POST', path: 'faults', handle: setFaults, hint: FAULTS_BODY },
  {
    method: 'DELETE',
    path: 'faults',
    handle: emu => {
      emu.applyFaults({});
      return faultView(emu);
    },
  },
  {
    method: 'POST',
    path: 'reset',
    handle: emu => {
      emu.admin.reset();
      return { reset: true, campaigns: emu.store.state.campaigns.length };
    },
  },
  {
    method: 'GET',
    path: 'campaigns/{id}',
    handle: (emu, { params }) => {
      const doc = emu.admin.campaign(params.id);
      if (!doc) throw new AdminError(404, `No campaign ${params.id}.`);
      return doc;
    },
  },
  {
    method: 'PATCH',
    path: 'campaigns/{id}',
    handle: (emu, { params, body }) => emu.admin.editCampaign(params.id, body),
    hint: 'components, "status", "updated_by"',
  },
  { method: 'GET', path: 'clock', handle: emu => emu.clock.describe() },
  {
    method: 'POST',
    path: 'clock',
    handle: changeClock,
    hint: '{ "set": "2026-01-01T00:00:00Z" } | { "advanceMs": 1000 } | { "reset": true }',
  },
  {
    method: '*',
    path: 'clock',
    handle: () => {
      throw new AdminError(405, 'Use GET or POST on /__admin/clock.');
    },
  },
  { method: 'GET', path: 'rate-limits', handle: emu => ({ limits: emu.limiter.current() }) },
  { method: 'PUT', path: 'rate-limits', handle: setRateLimits, hint: RATE_LIMITS_BODY },
  { method: 'POST', path: 'rate-limits', handle: setRateLimits, hint: RATE_LIMITS_BODY },
  {
    method: 'DELETE',
    path: 'rate-limits',
    handle: emu => {
      emu.limiter.clear();
      return { limits: emu.limiter.current() };
    },
  },
  { method: 'GET', path: 'requests', handle: emu => ({ requests: emu.admin.requests() }) },
  {
    method: 'DELETE',
    path: 'requests',
    handle: emu => {
      emu.admin.clearRequests();
      return { requests: [] };
    },
  },
];
