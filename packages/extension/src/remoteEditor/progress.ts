import * as vscode from 'vscode';
import { ActionContext, ActionScope, doneOfTotal, ProgressHandle, WaitNotice, waitText, withDelayedProgress } from '@campaign-studio/sync';

/**
 * Runs a service action; when it takes longer than about 300 ms, or has to wait for more than a
 * second, a cancellable notification shows until it ends. A wait counts down in it with its
 * reason. Cancelling aborts the action (queued, waiting or in flight).
 */
export function runWithProgress<T>(
  title: string,
  op: (action: ActionContext) => Promise<T>,
  opts: { signal?: AbortSignal; delayMs?: number } = {},
): Promise<T> {
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
  void vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `${title}…`, cancellable: true },
    (progress, token) => {
      token.onCancellationRequested(cancel);
      report = message => progress.report({ message });
      tell();
      return done;
    },
  );
  return {
    waiting(w) {
      wait = w;
      ticker ??= setInterval(tell, 1000);
      tell();
    },
  };
}

/** An action over many campaigns: its Cancel, its waits, how far it got, and a way to stop it from inside (a question's Cancel). */
export interface CountedAction extends ActionContext {
  /** `done` of `total` are through: the notification says so and its bar moves on. */
  count(done: number, total: number): void;
  /** Stops the action as its Cancel button does. */
  cancel(): void;
}

/**
 * Runs an action over many campaigns in a notification shown at once (such an action is never
 * quick), with Cancel, "3 of 45" and a bar as it goes, and the countdown of any wait longer than a
 * second beside the count. Cancel aborts the action's signal: its calls stop wherever they are.
 */
export function runCounted<T>(title: string, op: (action: CountedAction) => Promise<T>): Promise<T> {
  return Promise.resolve(
    vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `${title}…`, cancellable: true },
      async (progress, token) => {
        const ctrl = new AbortController();
        const cancelled = token.onCancellationRequested(() => ctrl.abort());
        let counted = '';
        let shownPercent = 0;
        let wait: WaitNotice | undefined;
        let ticker: ReturnType<typeof setInterval> | undefined;
        const say = (increment?: number) => {
          const waiting = wait && wait.at + wait.ms > Date.now() ? waitText(wait, Date.now()) : '';
          if (!waiting && ticker) {
            clearInterval(ticker);
            ticker = undefined;
            wait = undefined;
          }
          progress.report({ message: [counted, waiting].filter(Boolean).join(' · '), increment });
        };
        try {
          return await op({
            signal: ctrl.signal,
            onWait: w => {
              wait = w;
              ticker ??= setInterval(() => say(), 1000);
              say();
            },
            count: (done, total) => {
              counted = doneOfTotal(done, total);
              const percent = total > 0 ? (100 * done) / total : 100;
              say(Math.max(0, percent - shownPercent));
              shownPercent = Math.max(shownPercent, percent);
            },
            cancel: () => ctrl.abort(),
          });
        } finally {
          clearInterval(ticker);
          cancelled.dispose();
        }
      },
    ),
  );
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
