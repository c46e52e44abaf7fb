import { cloneJson, isComponent } from '@campaign-studio/core';
import type { Emulator, EmulatorAdmin } from './emulator';
import { faultConfigFromJson, parseFaultSpec } from './faults';
import { STATUSES, Status } from './model';
import { toRecord } from './shape';
import { clockRangeProblem } from './time';

/**
 * The in-process admin interface (`RunningEmulator.admin`), which tests in every package use to
 * steer an emulator; the `/__admin` endpoints (routes/admin.ts) call it too.
 */

/** A refusal of the admin interface: answered `{ error }` with this status over HTTP. */
export class AdminError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function refuseOutsideRange(ms: number, what: string): void {
  const problem = clockRangeProblem(ms, what);
  if (problem) throw new AdminError(400, problem);
}

export function adminApi(emu: Emulator): EmulatorAdmin {
  const { store, clock, limiter, requestLog } = emu;
  const admin: EmulatorAdmin = {
    faults: () => emu.faults.get(),
    setFaults: f => emu.applyFaults(typeof f === 'string' ? parseFaultSpec(f) : faultConfigFromJson(f)),
    clearFaults: () => emu.applyFaults({}),
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
        if (isComponent(k)) {
          if (v === null) delete doc.components[k];
          else doc.components[k] = cloneJson(v);
        } else if (k === 'status') {
          if (!STATUSES.includes(v as Status)) throw new AdminError(400, `\`status\` is one of ${STATUSES.join(', ')}.`);
          doc.status = v as Status;
        } else if (k !== 'updated_by') {
          throw new AdminError(400, `\`${k}\` cannot be edited: send components, \`status\` or \`updated_by\`.`);
        }
      }
      if (doc.status !== 'DRAFT' && Object.keys(changes).some(k => isComponent(k))) doc.unpublished_edits = true;
      doc.updated_by = typeof changes.updated_by === 'string' ? changes.updated_by : updatedBy;
      doc.updated_at = store.stamp(doc.updated_at);
      store.persist();
      return toRecord(doc, store.workspace(doc.workspace)!);
    },
    clock: {
      now: () => clock.now(),
      set(v) {
        const ms = typeof v === 'number' ? v : new Date(v).getTime();
        if (!Number.isFinite(ms))
          throw new AdminError(400, `${String(v)} is not a time: send epoch milliseconds or an ISO 8601 date-time.`);
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
  return admin;
}
