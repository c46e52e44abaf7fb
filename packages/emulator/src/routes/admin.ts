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

export const ADMIN_ROUTES: readonly AdminRoute[] = [
  {
    method: 'GET',
    path: '',
    handle: () => ({
      endpoints: [
        'GET /__admin/workspaces',
        'GET|PUT|POST|DELETE /__admin/faults   body: { "spec": "latency=100,error-rate=0.1" } or a fault object',
        'POST /__admin/reset',
        'GET|PATCH /__admin/campaigns/{id}   PATCH body: components, "status", "updated_by"',
        'GET|POST /__admin/clock   body: { "set": "2026-01-01T00:00:00Z" } | { "advanceMs": 1000 } | { "reset": true }',
        'GET|PUT|DELETE /__admin/rate-limits   PUT body: { "perSecond": 10, "perMinute": 100, "perHour": 6000 } or { "enabled": false }',
        'GET|DELETE /__admin/requests',
      ],
    }),
  },
  { method: 'GET', path: 'workspaces', handle: emu => ({ workspaces: emu.workspaces() }) },
  { method: 'GET', path: 'faults', handle: faultView },
  { method: 'PUT', path: 'faults', handle: setFaults },
  { method: 'POST', path: 'faults', handle: setFaults },
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
  { method: 'PATCH', path: 'campaigns/{id}', handle: (emu, { params, body }) => emu.admin.editCampaign(params.id, body) },
  { method: 'GET', path: 'clock', handle: emu => emu.clock.describe() },
  { method: 'POST', path: 'clock', handle: changeClock },
  {
    method: '*',
    path: 'clock',
    handle: () => {
      throw new AdminError(405, 'Use GET or POST on /__admin/clock.');
    },
  },
  { method: 'GET', path: 'rate-limits', handle: emu => ({ limits: emu.limiter.current() }) },
  {
    method: 'DELETE',
    path: 'rate-limits',
    handle: emu => {
      emu.limiter.clear();
      return { limits: emu.limiter.current() };
    },
  },
  { method: 'PUT', path: 'rate-limits', handle: setRateLimits },
  { method: 'POST', path: 'rate-limits', handle: setRateLimits },
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
