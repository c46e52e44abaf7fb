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

/**
 * Ends the place a sent request holds. Call it once the attempt is over, however it ended (an
 * answer, an error, a timeout, a cancel); calling it again does nothing.
 */
export type Release = () => void;

/**
 * The k-th latest moment at which a place of the requests sent so far was freed (k = 1: the
 * latest): Infinity for a request still out, -Infinity beyond what is remembered.
 */
type LatestEnd = (k: number) => number;

/** A moment a request could leave, and the limit that holds it there (none: nothing does, or a pause). */
interface Slot {
  time: number;
  limit?: RateLimit;
}

interface Waiter {
  /** Sends that must be able to leave together; only the first is taken (see `acquire`). */
  room: number;
  resolve(release: Release): void;
  reject(e: unknown): void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/**
 * A client-side rate limiter shared by every caller of one service: requests beyond the limits
 * wait in a first-in first-out queue instead of being refused. A 429 from the service pauses the
 * whole queue (`pauseUntil`).
 *
 * The service counts a request at some moment between its send and its answer, and that moment
 * moves with the load of both machines. So a request holds a place from its send until its
 * answer (`acquire()` to `release()`), and for a window's length after the answer; a new one
 * leaves only when, for every limit, fewer than `limit` places are held. Whenever the service
 * counts each request, no window of its then sees more than `limit`: the bound is exact, with no
 * margin to guess, and costs only each request's own round trip.
 */
export class RateLimiter {
  readonly limits: readonly RateLimit[];
  private readonly clock: Clock;
  /** How long an answer holds a place against some limit: the longest window. */
  private readonly longestWindowMs: number;
  /** Answer times, oldest first (they come in clock order), pruned past the longest window. */
  private answered: number[] = [];
  private head = 0;
  /** Requests sent and not yet released. */
  private inFlight = 0;
  private readonly queue: Waiter[] = [];
  private pumping = false;
  private pausedUntil = 0;
  /** What the service said when it asked for the pause (the 429), for a call that cannot wait it out. */
  private pauseCause: unknown;
  /** Wakes the pump from its wait: a release or a cancel may let the first in the queue go sooner. */
  private wake: (() => void) | undefined;
  /**
   * The queue played forward for the waits it is told, kept while only the queue grows, so that
   * a burst of n waiters costs O(n), not O(n²). At one instant and pause, a send, an answer or a
   * cancel alters nothing it did not foresee: it takes every answer to come at once.
   */
  private plan: { schedule: Schedule; at: number; pausedUntil: number } | undefined;

  constructor(opts: RateLimiterOptions = {}) {
    this.limits = checked(opts.limits ?? SERVICE_LIMITS);
    this.clock = opts.clock ?? systemClock;
    this.longestWindowMs = Math.max(...this.limits.map(l => l.windowMs));
  }

  /** Callers waiting for a slot. */
  get pending(): number {
    return this.queue.length;
  }

  /** Places held in each window right now: requests out, and answers within the window (for the log and tests). */
  usage(): number[] {
    const now = this.clock.now();
    return this.limits.map(l => this.inFlight + this.answeredSince(now - l.windowMs));
  }

  /**
   * Resolves when a request may be sent, with the `Release` to call when its attempt is over;
   * the place is taken at that moment. `onWait` hears at once how long the request will wait
   * and why, when it has to wait at all. With `room` 2, the request leaves only when another
   * could follow it at once: a read that a write must follow closely waits before the read, not
   * between the two.
   */
  acquire(signal?: AbortSignal, onWait?: (wait: SlotEstimate) => void, room = 1): Promise<Release> {
    if (signal?.aborted) return Promise.reject(new CancelledError());
    // A request that leaves at once waits for nothing: the queue is played forward only when it waits.
    if (onWait && (this.queue.length > 0 || this.delay(room) > 0)) {
      const wait = this.estimate(room);
      if (wait.ms > 0) onWait(wait);
    }
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = { room, resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          const i = this.queue.indexOf(waiter);
          if (i < 0) return;
          this.queue.splice(i, 1);
          reject(new CancelledError());
          this.wake?.();
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.queue.push(waiter);
      void this.pump();
    });
  }

  /** Holds every request until `clock.now() >= until` (a `Retry-After` from the service). */
  pauseUntil(until: number, cause?: unknown): void {
    if (until > this.pausedUntil) this.pauseCause = cause;
    this.pausedUntil = Math.max(this.pausedUntil, until);
  }
  /** How long the service's `Retry-After` still holds every request, and the answer that asked for it. */
  paused(): { ms: number; cause?: unknown } {
    const ms = Math.max(0, this.pausedUntil - this.clock.now());
    return ms > 0 ? { ms, cause: this.pauseCause } : { ms: 0 };
  }

  /**
   * Milliseconds until the next request may go (0 = now), or the next `room` requests one right
   * after the other; Infinity while it waits for an answer of a request out. The pump asks it
   * often.
   */
  delay(room = 1): number {
    const now = this.clock.now();
    return earliestSlot(this.limits, this.latestEnd, Math.max(now, this.pausedUntil), room).time - now;
  }

  /**
   * Milliseconds from now until `calls` more requests could all have left, behind the queue:
   * the sends are played forward from the history, each at the earliest moment the limits allow,
   * every request out and every one played answered at once (a lower bound).
   */
  timeFor(calls: number): number {
    if (!(calls >= 1)) return 0;
    const now = this.clock.now();
    return this.schedule(now).play(this.queue.length + calls).time - now;
  }

  /** When a request queued behind every waiter now, with `room`, could leave, and why it waits. */
  private estimate(room: number): SlotEstimate {
    const now = this.clock.now();
    let plan = this.plan;
    if (!plan || plan.at !== now || plan.pausedUntil !== this.pausedUntil || plan.schedule.played !== this.queue.length) {
      plan = this.plan = { schedule: this.schedule(now), at: now, pausedUntil: this.pausedUntil };
      plan.schedule.play(this.queue.length);
    }
    const slot = plan.schedule.next(room);
    // The request about to join the queue.
    plan.schedule.play(1);
    const reason: SlotReason = !slot.limit && this.pausedUntil > now ? 'retryAfter' : 'rateLimit';
    return { ms: slot.time - now, reason, limit: slot.limit };
  }

  /** Sends from now on, after the history. When a request out will be answered is not known: it is taken as now. */
  private schedule(now: number): Schedule {
    const answeredNow: LatestEnd = k => (k <= this.inFlight ? now : this.answeredEnd(k - this.inFlight));
    return new Schedule(this.limits, answeredNow, Math.max(now, this.pausedUntil));
  }

  /** The actual history: a request out holds its place until it is released. */
  private readonly latestEnd: LatestEnd = k => (k <= this.inFlight ? Infinity : this.answeredEnd(k - this.inFlight));

  /** The k-th latest answer remembered (1 = the latest), or -Infinity. */
  private answeredEnd(k: number): number {
    const i = this.answered.length - k;
    return i >= this.head ? this.answered[i] : -Infinity;
  }

  private answeredSince(since: number): number {
    let n = 0;
    for (let i = this.answered.length - 1; i >= this.head && this.answered[i] > since; i--) n++;
    return n;
  }

  /** Takes a place for a request leaving now; the place is freed, once, by the release. */
  private send(): Release {
    this.inFlight++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight--;
      this.remember(this.clock.now());
      this.wake?.();
    };
  }

  private remember(answeredAt: number): void {
    this.answered.push(answeredAt);
    while (this.head < this.answered.length && this.answered[this.head] <= answeredAt - this.longestWindowMs) this.head++;
    // when the list is compacted bounds memory only; no caller can tell.
    // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,ArithmeticOperator
    if (this.head > 1024 && this.head * 2 > this.answered.length) {
      this.answered = this.answered.slice(this.head);
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
          await this.nap(wait);
          continue;
        }
        const waiter = this.queue.shift()!;
        if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener('abort', waiter.onAbort);
        waiter.resolve(this.send());
      }
    } finally {
      this.pumping = false;
    }
  }

  /** Waits `ms` (Infinity: until woken), or until `wake` is called. */
  private nap(ms: number): Promise<void> {
    const woken = new AbortController();
    this.wake = () => woken.abort();
    const slept = Number.isFinite(ms)
      ? this.clock.sleep(ms, woken.signal).catch(() => undefined)
      : new Promise<void>(resolve => woken.signal.addEventListener('abort', () => resolve(), { once: true }));
    return slept.finally(() => {
      this.wake = undefined;
    });
  }
}

/**
 * The time the limits impose between the first and the last of `calls` sends, starting from an
 * empty history and with every answer at once: 0 for 10 calls, 9 s for 100, 60 s for 101 under
 * the service's limits. The sends are played forward, O(calls × limits).
 */
export function imposedMs(calls: number, limits: readonly RateLimit[] = SERVICE_LIMITS): number {
  if (!(calls >= 1)) return 0;
  return new Schedule(checked(limits), () => -Infinity, 0).play(Math.floor(calls)).time;
}

/** The earliest moment from `from` on that a send may leave with `room - 1` others right after it. */
function earliestSlot(limits: readonly RateLimit[], latestEnd: LatestEnd, from: number, room: number): Slot {
  const slot: Slot = { time: from };
  for (const l of limits) {
    // The place that must free before `room` more fit under this limit.
    const freeAt = latestEnd(l.limit - Math.min(room, l.limit) + 1) + l.windowMs;
    if (freeAt > slot.time) {
      slot.time = freeAt;
      slot.limit = l;
    }
  }
  return slot;
}

/**
 * Sends played forward after the history `before`, each at the earliest moment from `from` on
 * that the limits allow, and answered at once; a send never leaves before the one ahead of it,
 * as each frees its place no earlier. Only the latest `max(limit)` sends can hold a place that
 * matters, so the played ones are kept in a ring of that size: each send costs O(limits).
 */
class Schedule {
  played = 0;
  private readonly ring: number[] = [];
  private readonly size: number;
  private readonly latestEnd: LatestEnd = k => (k <= this.played ? this.ring[(this.played - k) % this.size] : this.before(k - this.played));

  constructor(
    private readonly limits: readonly RateLimit[],
    private readonly before: LatestEnd,
    private readonly from: number,
  ) {
    this.size = Math.max(...limits.map(l => l.limit));
  }

  /** The slot of the next send, with room for `room - 1` others right after it. */
  next(room = 1): Slot {
    return earliestSlot(this.limits, this.latestEnd, this.from, room);
  }

  /** Plays `count` more sends; the slot of the last. */
  play(count: number): Slot {
    let slot: Slot = { time: this.from };
    for (let i = 0; i < count; i++) {
      slot = this.next();
      this.ring[this.played % this.size] = slot.time;
      this.played++;
    }
    return slot;
  }
}

function checked(limits: readonly RateLimit[]): readonly RateLimit[] {
  for (const l of limits) {
    if (!(Number.isInteger(l.limit) && l.limit >= 1) || !(l.windowMs > 0)) throw new Error(l10n.t`invalid rate limit ${JSON.stringify(l)}`);
  }
  return limits;
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
