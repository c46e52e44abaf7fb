import type { ServiceOperation } from '@campaign-studio/sync';

/**
 * Rolling-window rate limits per client and budget, as in the spec's Limits table:
 * 10 a second, 100 a minute, 6000 an hour (rolling last hour). Only accepted requests count;
 * a refused one tells how long until the oldest request in the full window leaves it.
 */

export interface RateLimits {
  perSecond: number;
  perMinute: number;
  perHour: number;
}

export const SPEC_LIMITS: Readonly<RateLimits> = Object.freeze({ perSecond: 10, perMinute: 100, perHour: 6000 });

/**
 * The budgets that several operations share. The spec gives limits for get and for metadata only
 * and is silent on search; we assume search shares get's limits, since both read campaign records
 * and a client reading many campaigns must not get a second, larger allowance by switching from
 * one to the other. The metadata call keeps its own budget, as the spec lists it separately.
 */
const SHARED_BUDGETS: Readonly<Partial<Record<ServiceOperation, string>>> = Object.freeze({
  getCampaign: 'reads',
  searchCampaigns: 'reads',
});

/** The budget an operation draws on: a shared group's name, else the operation's own. */
export function rateBudget(operation: ServiceOperation): string {
  return SHARED_BUDGETS[operation] ?? operation;
}

/** The operations that draw on a budget, for messages (`reads`: getCampaign, searchCampaigns). */
export function budgetOperations(budget: string): ServiceOperation[] {
  const shared = (Object.keys(SHARED_BUDGETS) as ServiceOperation[]).filter(op => SHARED_BUDGETS[op] === budget);
  return shared.length ? shared : [budget as ServiceOperation];
}

export type RateDecision = { ok: true } | { ok: false; retryAfterMs: number; window: 'second' | 'minute' | 'hour'; limit: number };

export class RateLimiter {
  private readonly log = new Map<string, number[]>();
  private limits: RateLimits | undefined;

  constructor(
    limits: RateLimits | false,
    private readonly now: () => number,
  ) {
    this.limits = limits === false ? undefined : { ...limits };
  }

  configure(limits: RateLimits | false): void {
    this.limits = limits === false ? undefined : { ...limits };
    this.log.clear();
  }

  current(): RateLimits | false {
    return this.limits ? { ...this.limits } : false;
  }

  clear(): void {
    this.log.clear();
  }

  /** Admit one request for `key`, or say how long to wait. */
  take(key: string): RateDecision {
    if (!this.limits) return { ok: true };
    const now = this.now();
    let times = this.log.get(key);
    if (!times) {
      times = [];
      this.log.set(key, times);
    }
    // A clock set backwards (tests) would leave entries "in the future": forget them.
    if (times.length && times[times.length - 1] > now) times.length = 0;
    let drop = 0;
    while (drop < times.length && times[drop] <= now - 3_600_000) drop++;
    if (drop) times.splice(0, drop);
    const windows: Array<[RateDecision & { ok: false }, number]> = [];
    for (const [window, ms, limit] of [
      ['second', 1000, this.limits.perSecond],
      ['minute', 60_000, this.limits.perMinute],
      ['hour', 3_600_000, this.limits.perHour],
    ] as const) {
      const inWindow = countSince(times, now - ms);
      if (inWindow >= limit) {
        // The request that must leave the window before one more fits.
        const oldest = times[times.length - inWindow + (inWindow - limit)];
        windows.push([{ ok: false, retryAfterMs: oldest + ms - now, window, limit }, ms]);
      }
    }
    if (windows.length) {
      windows.sort((a, b) => b[0].retryAfterMs - a[0].retryAfterMs);
      return windows[0][0];
    }
    times.push(now);
    return { ok: true };
  }
}

/** How many sorted timestamps are after `since`. */
function countSince(times: number[], since: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid] > since) hi = mid;
    else lo = mid + 1;
  }
  return times.length - lo;
}
