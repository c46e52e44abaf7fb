/**
 * Time, injectable: the rate limiter, retries and timeouts read the clock through this interface
 * so that tests can run minutes of service time in milliseconds of real time.
 */
export interface Clock {
  /** Milliseconds since an arbitrary epoch; only differences matter. */
  now(): number;
  /** Resolves after `ms`; rejects with a `CancelledError` when `signal` aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * Thrown when the caller cancels (an aborted signal, a declined confirmation), as opposed to a
 * failure. `sent` says whether the request had gone out: a write cancelled in flight may have
 * applied; one cancelled before it left did not. `reason` is a sentence worth showing, when there is one.
 */
export class CancelledError extends Error {
  constructor(
    readonly reason?: string,
    readonly sent = false,
  ) {
    super(reason ?? 'Cancelled.');
    this.name = 'CancelledError';
  }
}

export function isCancelled(e: unknown): e is CancelledError {
  return e instanceof CancelledError;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep(ms, signal) {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(new CancelledError());
        return;
      }
      const onAbort = () => {
        clearTimeout(timer);
        reject(new CancelledError());
      };
      const timer = setTimeout(
        () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        Math.max(0, ms),
      );
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  },
};
