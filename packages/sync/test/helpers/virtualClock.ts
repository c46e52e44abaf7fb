import { CancelledError, Clock } from '../../src/remote/clock';

/**
 * A clock for tests in which time passes only when everything is waiting on it: when no
 * operation started with `hold()` is running (an HTTP call in flight), the earliest sleeper is
 * woken and the clock jumps to its time. Minutes of rate-limited traffic take milliseconds, and
 * the client and a server reading the same clock agree on every instant.
 */
export class VirtualClock implements Clock {
  private t: number;
  private seq = 0;
  private readonly timers: Array<{ at: number; seq: number; resolve(): void }> = [];
  private busy = 0;
  private scheduled = false;
  /** How far the clock has jumped in total. */
  advanced = 0;

  constructor(start = Date.UTC(2025, 0, 6, 9, 0, 0)) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(new CancelledError());
    return new Promise<void>((resolve, reject) => {
      const timer = {
        at: this.t + Math.max(0, ms),
        seq: this.seq++,
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        const i = this.timers.indexOf(timer);
        if (i >= 0) this.timers.splice(i, 1);
        reject(new CancelledError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.timers.push(timer);
      this.kick();
    });
  }

  /** Lets `ms` of virtual time pass, firing every timer due meanwhile; no real time is waited. */
  elapse(ms: number): Promise<void> {
    return this.sleep(ms);
  }

  /** Runs `fn` with time held still (e.g. a request in flight to a server on this clock). */
  async hold<T>(fn: () => Promise<T>): Promise<T> {
    this.busy++;
    try {
      return await fn();
    } finally {
      this.busy--;
      this.kick();
    }
  }

  /** A `fetch` whose calls hold the clock. */
  wrapFetch(f: typeof fetch = fetch): typeof fetch {
    return ((input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) =>
      this.hold(async () => {
        const res = await f(input, init);
        // Read the body while time is held, then hand back an equivalent response.
        const body = await res.arrayBuffer();
        return new Response(body.byteLength ? body : null, { status: res.status, statusText: res.statusText, headers: res.headers });
      })) as typeof fetch;
  }

  private kick(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.tick();
    });
  }

  private tick(): void {
    if (this.busy > 0 || this.timers.length === 0) return;
    this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
    const at = Math.max(this.t, this.timers[0].at);
    this.advanced += at - this.t;
    this.t = at;
    const due = this.timers.filter(x => x.at <= at);
    this.timers.splice(0, due.length);
    for (const d of due) d.resolve();
    this.kick();
  }
}
