import * as vscode from 'vscode';
import { withDelayedProgress } from '@campaign-studio/sync';

/**
 * Runs a service operation; when it takes longer than about 300 ms a cancellable notification
 * shows until it ends. Cancelling aborts the operation (queued or in flight).
 */
export function runWithProgress<T>(title: string, op: (signal: AbortSignal) => Promise<T>, opts: { signal?: AbortSignal; delayMs?: number } = {}): Promise<T> {
  return withDelayedProgress(title, op, {
    show(t, cancel, done) {
      void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `${t}…`, cancellable: true }, (_p, token) => {
        token.onCancellationRequested(cancel);
        return done;
      });
    },
  }, { delayMs: opts.delayMs ?? 300, signal: opts.signal });
}
