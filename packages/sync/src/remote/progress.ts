import { CancelledError } from './clock';

/**
 * Progress for service calls: an operation that finishes within `delayMs` (about 300 ms) shows
 * nothing; a longer one shows a cancellable notification until it settles. Cancelling aborts
 * the operation's signal, which the service client honours (queued or in flight).
 */
export interface ProgressUi {
  /** Shows progress until `done` settles; `cancel` aborts the operation. */
  show(title: string, cancel: () => void, done: Promise<unknown>): void;
}

export async function withDelayedProgress<T>(
  title: string,
  op: (signal: AbortSignal) => Promise<T>,
  ui: ProgressUi,
  opts: { delayMs?: number; signal?: AbortSignal } = {},
): Promise<T> {
  const ctrl = new AbortController();
  const outer = opts.signal;
  const onOuterAbort = () => ctrl.abort();
  if (outer?.aborted) throw new CancelledError();
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  const running = op(ctrl.signal);
  // Settles when the operation does, without an unhandled rejection of its own.
  const settled = running.then(() => undefined, () => undefined);
  const timer = setTimeout(() => ui.show(title, () => ctrl.abort(), settled), opts.delayMs ?? 300);
  try {
    return await running;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}
