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
  const outer = opts.signal;
  if (outer?.aborted) throw new CancelledError();
  const ctrl = new AbortController();
  const onOuterAbort = () => ctrl.abort();
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  // Resolved once the operation settles, either way: the progress shows until then.
  let settle!: () => void;
  const done = new Promise<void>(resolve => (settle = resolve));
  let handle: ProgressHandle | undefined;
  const timer = setTimeout(() => show(), opts.delayMs ?? 300);
  const show = (): ProgressHandle => {
    clearTimeout(timer);
    handle ??= ui.show(title, () => ctrl.abort(), done);
    return handle;
  };
  try {
    return await op({ signal: ctrl.signal, onWait: wait => show().waiting(wait) });
  } finally {
    clearTimeout(timer);
    settle();
    outer?.removeEventListener('abort', onOuterAbort);
  }
}
