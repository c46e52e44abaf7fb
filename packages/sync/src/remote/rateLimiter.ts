import * as l10n from '@vscode/l10n';
import { CancelledError, Clock, systemClock } from './clock';

/** At most `limit` requests in any rolling window of `windowMs`. */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

/** The service's limits per client (spec, Limits): 10 a second, 100 a minute, 6000 an hour rolling. */
export const SERVICE_LIMITS: readonly RateLimit[] = Object.freeze([
  { limit: 10, windowMs: 1_000 },
  { limit: 100, windowMs: 60_000 },
  { limit: 6000, windowMs: 3_600_000 },
]);

export interface RateLimiterOptions {
  limits?: readonly RateLimit[];
  clock?: Clock;
  /**
   * Extra time added to every window. The service counts a request when it arrives, the limiter
   * when it leaves; the margin absorbs the difference so that a burst never trips the server.
   */
  marginMs?: number;
}

/** Why a request cannot leave yet. */
export type SlotReason = 'rateLimit' | 'retryAfter';

/** When the next request could leave, and what holds it. */
export interface SlotEstimate {
  /** Milliseconds from now (0 = at once). */
  ms: number;
  reason: SlotReason;
  /** The limit that holds it, for `rateLimit`. */
  limit?: RateLimit;
}

/** How many queued requests an estimate plays forward at most. */
const MAX_PLANNED = 10_000;

interface Waiter {
  /** Sends that must be able to leave together; only the first is taken (see `acquire`). */
  room: number;
  resolve(): void;
  reject(e: unknown): void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/**
 * A client-side rate limiter shared by every caller of one service: requests beyond the limits
 * wait in a first-in first-out queue instead of being refused. `acquire()` resolves when the
 * caller may send. A 429 from the service pauses the whole queue (`pauseUntil`).
 */
export class RateLimiter {
  readonly limits: readonly RateLimit[];
  private readonly clock: Clock;
  private readonly marginMs: number;
  /** How long a send counts against some limit: the longest window, with the margin. */
  private readonly longestWindowMs: number;
  /** Send times, oldest first, pruned past the longest window. */
  private sent: number[] = [];
  private head = 0;
  private readonly queue: Waiter[] = [];
  private pumping = false;
  private pausedUntil = 0;

  constructor(opts: RateLimiterOptions = {}) {
    this.limits = opts.limits ?? SERVICE_LIMITS;
    this.clock = opts.clock ?? systemClock;
    this.marginMs = opts.marginMs ?? 100;
    for (const l of this.limits) {
      if (!(l.limit >= 1) || !(l.windowMs > 0)) throw new Error(l10n.t`invalid rate limit ${JSON.stringify(l)}`);
    }
    this.longestWindowMs = Math.max(...this.limits.map(l => l.windowMs)) + this.marginMs;
  }

  /** Callers waiting for a slot. */
  get pending(): number {
    return this.queue.length;
  }

  /** Requests sent within each window right now (for the log and tests). */
  usage(): number[] {
    const now = this.clock.now();
    return this.limits.map(l => this.countSince(now - l.windowMs - this.marginMs));
  }

  /**
   * Resolves when a request may be sent; the slot is taken at that moment. `onWait` hears at
   * once how long the request will wait and why, when it has to wait at all. With `room` 2, the
   * request leaves only when another could follow it at once: a read that a write must follow
   * closely waits before the read, not between the two.
   */
  acquire(signal?: AbortSignal, onWait?: (wait: SlotEstimate) => void, room = 1): Promise<void> {
    if (signal?.aborted) return Promise.reject(new CancelledError());
    // A request that leaves at once waits for nothing: the queue is played forward only when it waits.
    if (onWait && (this.queue.length > 0 || this.delay(room) > 0)) {
      const wait = this.estimate();
      if (wait.ms > 0) onWait(wait);
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { room, resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          const i = this.queue.indexOf(waiter);
          if (i >= 0) {
            this.queue.splice(i, 1);
            reject(new CancelledError());
          }
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.queue.push(waiter);
      void this.pump();
    });
  }

  /** Milliseconds from now until `calls` more requests could all have left, after the queue. */
  timeFor(calls: number): number {
    return calls <= 0 ? 0 : this.estimate(this.queue.length + calls - 1).ms;
  }

  /** Holds every request until `clock.now() >= until` (a `Retry-After` from the service). */
  pauseUntil(until: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, until);
  }

  /**
   * Milliseconds until the next request may go (0 = now), or the next `room` requests one right
   * after the other; the pump asks it often, so it allocates nothing.
   */
  delay(room = 1): number {
    const now = this.clock.now();
    let wait = Math.max(0, this.pausedUntil - now);
    const count = this.sent.length - this.head;
    for (const l of this.limits) {
      const need = Math.min(room, l.limit);
      if (count + need <= l.limit) continue;
      // The request that must leave the window before `need` others may enter.
      const freeAt = this.sent[this.sent.length - l.limit + need - 1] + l.windowMs + this.marginMs;
      wait = Math.max(wait, freeAt - now);
    }
    return wait;
  }

  /**
   * When a request with `ahead` others queued before it could leave, and why it waits: the
   * queue is played forward, each request taking the earliest slot the limits allow.
   */
  private estimate(ahead = this.queue.length): SlotEstimate {
    const now = this.clock.now();
    // The sends of the requests ahead, as they would go; the real ones are read in place.
    const planned: number[] = [];
    let slot = this.earliestAfter(planned, now);
    for (let i = 0; i < Math.min(ahead, MAX_PLANNED); i++) {
      planned.push(slot.time);
      slot = this.earliestAfter(planned, now);
    }
    return { ms: slot.ms, reason: slot.reason, limit: slot.limit };
  }

  /** The earliest slot after the sends so far and `planned`, with what holds it. */
  private earliestAfter(planned: readonly number[], now: number): SlotEstimate & { time: number } {
    const count = this.sent.length - this.head + planned.length;
    // The k-th most recent send (0 = the latest), planned ones first.
    const recent = (k: number) => (k < planned.length ? planned[planned.length - 1 - k] : this.sent[this.sent.length - 1 - (k - planned.length)]);
    const paused = Math.max(now, this.pausedUntil);
    let best: SlotEstimate & { time: number } = { time: paused, ms: 0, reason: paused > now ? 'retryAfter' : 'rateLimit' };
    for (const l of this.limits) {
      if (count < l.limit) continue;
      // The request that must leave the window before another may enter.
      const freeAt = recent(l.limit - 1) + l.windowMs + this.marginMs;
      if (freeAt > best.time) best = { time: freeAt, ms: 0, reason: 'rateLimit', limit: l };
    }
    return { ...best, ms: best.time - now };
  }

  private countSince(since: number): number {
    let n = 0;
    for (let i = this.sent.length - 1; i >= this.head && this.sent[i] > since; i--) n++;
    return n;
  }

  private record(now: number): void {
    this.sent.push(now);
    while (this.head < this.sent.length && this.sent[this.head] <= now - this.longestWindowMs) this.head++;
    // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,ArithmeticOperator: when the list is compacted bounds memory only; no caller can tell.
    if (this.head > 1024 && this.head * 2 > this.sent.length) {
      this.sent = this.sent.slice(this.head);
      this.head = 0;
    }
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.queue.length > 0) {
        const wait = this.delay(this.queue[0].room);
        if (wait > 0) {
          await this.clock.sleep(wait);
          continue;
        }
        const waiter = this.queue.shift()!;
        if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener('abort', waiter.onAbort);
        this.record(this.clock.now());
        waiter.resolve();
      }
    } finally {
      this.pumping = false;
    }
  }
}

const shared = new Map<string, RateLimiter>();

/**
 * The one limiter for a service client identity (server and workspace, see `limiterKey`): every
 * feature that talks to the same workspace shares it, so together they stay within the limits.
 */
export function sharedLimiter(key: string, factory: () => RateLimiter = () => new RateLimiter()): RateLimiter {
  let l = shared.get(key);
  if (!l) {
    l = factory();
    shared.set(key, l);
  }
  return l;
}
