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

/** Thrown when the caller cancels (an aborted signal), as opposed to a failure. */
export class CancelledError extends Error {
  constructor(message = 'Cancelled.') {
    super(message);
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
      if (signal?.aborted) { reject(new CancelledError()); return; }
      const onAbort = () => { clearTimeout(timer); reject(new CancelledError()); };
      const timer = setTimeout(() => { signal?.removeEventListener('abort', onAbort); resolve(); }, Math.max(0, ms));
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  },
};
