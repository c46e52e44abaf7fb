import { CancelledError } from './clock';
import { WaitNotice } from './waits';

/**
 * Progress for a user action that calls the service: an action that finishes within `delayMs`
 * (about 300 ms) shows nothing; a longer one shows a cancellable notification until it settles.
 * A wait longer than a second (the rate limit, `Retry-After`, a retry) shows at once, with its
 * reason and length: nothing queues silently. Cancelling aborts the action's signal, which the
 * service client honours whether the call is queued, waiting or in flight.
 */
export interface ProgressHandle {
  /** The action waits: say so, and why, until it goes on. */
  waiting(wait: WaitNotice): void;
}

export interface ProgressUi {
  /** Shows progress until `done` settles; `cancel` aborts the operation. */
  show(title: string, cancel: () => void, done: Promise<unknown>): ProgressHandle;
}

/** What an action hands its calls: its Cancel, and where its waits are shown. */
export interface ActionContext {
  signal: AbortSignal;
  onWait(wait: WaitNotice): void;
}

export async function withDelayedProgress<T>(
  title: string,
  op: (action: ActionContext) => Promise<T>,
  ui: ProgressUi,
  opts: { delayMs?: number; signal?: AbortSignal } = {},
): Promise<T> {
  const ctrl = new AbortController();
  const outer = opts.signal;
  const onOuterAbort = () => ctrl.abort();
  if (outer?.aborted) throw new CancelledError();
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  let handle: ProgressHandle | undefined;
  let settledYet: Promise<unknown> = Promise.resolve();
  const show = () => {
    clearTimeout(timer);
    handle ??= ui.show(title, () => ctrl.abort(), settledYet);
    return handle;
  };
  const running = op({ signal: ctrl.signal, onWait: wait => show().waiting(wait) });
  // Settles when the operation does, without an unhandled rejection of its own.
  settledYet = running.then(() => undefined, () => undefined);
  const timer = setTimeout(show, opts.delayMs ?? 300);
  try {
    return await running;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}
