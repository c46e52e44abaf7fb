import type { ServiceOperation } from '@campaign-studio/sync';

/**
 * The emulator's log of API requests, newest last and bounded: each is logged on arrival, then
 * updated as it goes (a fault, applied, its status). Listeners hear every arrival and every
 * update, so a test waits for a request's state instead of polling for it.
 */

export interface RequestLogEntry {
  seq: number;
  at: string;
  method: string;
  path: string;
  operation?: ServiceOperation;
  workspace?: string;
  requestId?: string;
  /** HTTP status sent; absent when the connection was dropped. */
  status?: number;
  /** The fault applied, if any: `drop`, `hang`, `error`, `throttle`, `status`, `write-drop`, `write-delay`. */
  fault?: string;
  /** For writes: whether the change was applied (true even when the response was then lost). */
  applied?: boolean;
  ms?: number;
  /** The body's text as it arrived, for requests that carry one (the tests compare it byte for byte). */
  body?: string;
}

const MAX_LOG = 2000;

export class RequestLog {
  private readonly entries: RequestLogEntry[] = [];
  private readonly listeners = new Set<(entry: RequestLogEntry) => void>();

  add(entry: RequestLogEntry): void {
    this.entries.push(entry);
    if (this.entries.length > MAX_LOG) this.entries.splice(0, this.entries.length - MAX_LOG);
    this.tell(entry);
  }

  update(entry: RequestLogEntry, changes: Partial<RequestLogEntry>): void {
    Object.assign(entry, changes);
    this.tell(entry);
  }

  list(): RequestLogEntry[] {
    return this.entries.map(e => ({ ...e }));
  }

  clear(): void {
    this.entries.length = 0;
  }

  /**
   * Resolves with the first logged request that `match` accepts: one already there, or the next
   * arrival or update that matches. Rejects after `timeoutMs`, saying what was awaited.
   */
  when(match: (entry: RequestLogEntry) => boolean, what = 'a matching request', timeoutMs = 10_000): Promise<RequestLogEntry> {
    const found = this.entries.find(match);
    if (found) return Promise.resolve({ ...found });
    return new Promise((resolve, reject) => {
      const listener = (entry: RequestLogEntry) => {
        if (!match(entry)) return;
        done();
        resolve({ ...entry });
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; the log holds ${this.entries.length} requests`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.listeners.delete(listener);
      };
      this.listeners.add(listener);
    });
  }

  private tell(entry: RequestLogEntry): void {
    for (const l of [...this.listeners]) l(entry);
  }
}
