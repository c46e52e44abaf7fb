import * as vscode from 'vscode';
import { ActionContext, ActionScope, ProgressHandle, WaitNotice, waitText, withDelayedProgress } from '@campaign-studio/sync';

/**
 * Runs a service action; when it takes longer than about 300 ms, or has to wait for more than a
 * second, a cancellable notification shows until it ends. A wait counts down in it with its
 * reason. Cancelling aborts the action (queued, waiting or in flight).
 */
export function runWithProgress<T>(title: string, op: (action: ActionContext) => Promise<T>, opts: { signal?: AbortSignal; delayMs?: number } = {}): Promise<T> {
  return withDelayedProgress(title, op, { show: showProgress }, { delayMs: opts.delayMs ?? 300, signal: opts.signal });
}

/** A notification with Cancel; `waiting` puts a countdown of the wait into it, ticking only while one runs. */
function showProgress(title: string, cancel: () => void, done: Promise<unknown>): ProgressHandle {
  let report: ((message: string) => void) | undefined;
  let wait: WaitNotice | undefined;
  let ticker: ReturnType<typeof setInterval> | undefined;
  const stopTicking = () => {
    clearInterval(ticker);
    ticker = undefined;
  };
  const tell = () => {
    if (!wait || !report) return;
    const left = wait.at + wait.ms - Date.now();
    report(left > 0 ? waitText(wait, Date.now()) : '');
    if (left > 0) return;
    wait = undefined;
    stopTicking();
  };
  void done.finally(stopTicking);
  void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `${title}…`, cancellable: true }, (progress, token) => {
    token.onCancellationRequested(cancel);
    report = message => progress.report({ message });
    tell();
    return done;
  });
  return {
    waiting(w) {
      wait = w;
      ticker ??= setInterval(tell, 1000);
      tell();
    },
  };
}

/**
 * One user action made of steps (a push: read, validate, write, read back), each shown in its own
 * notification with Cancel. The action's calls go through a client scoped to `scope`: each is
 * aborted by the Cancel of the step it runs in, and its waits are shown there.
 */
export class SteppedAction implements ActionScope {
  private current?: ActionContext;

  /** The Cancel of the step running now. */
  get signal(): AbortSignal | undefined {
    return this.current?.signal;
  }

  /** Shows a wait in the notification of the step running now. */
  readonly onWait = (wait: WaitNotice): void => this.current?.onWait(wait);

  /** Runs `fn` as the action's current step: its calls take the step's Cancel and show their waits in it. */
  async during<T>(step: ActionContext, fn: () => Promise<T>): Promise<T> {
    this.current = step;
    try {
      return await fn();
    } finally {
      this.current = undefined;
    }
  }
}
