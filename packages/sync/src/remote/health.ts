import * as l10n from '@vscode/l10n';
import { dequal } from 'dequal';
import { CancelledError, Clock } from './clock';
import type { CallEvent } from './serviceClient';
import { formatDuration, NOTICEABLE_WAIT_MS } from './waits';

/**
 * The truth about the connection, built from what the calls actually met: every answer, every
 * failure to get one and every wait. A failure starts a background health check with backoff,
 * which brings the state back to connected by itself once the service answers again.
 */

export type ConnectionStatus =
  | { state: 'signedOut' }
  | { state: 'connecting' }
  | { state: 'connected'; latencyMs?: number }
  | { state: 'slow'; latencyMs: number }
  | { state: 'rateLimited'; until: number; why: string }
  | { state: 'unreachable'; since: number; lastError: string }
  | { state: 'credentialsRejected'; message: string };

/** An answer slower than this makes the connection "slow". */
const SLOW_ANSWER_MS = 3000;

/** The state after one more event, at clock time `now`. */
export function nextStatus(current: ConnectionStatus, event: CallEvent, now: number): ConnectionStatus {
  if (current.state === 'signedOut') return current;
  if (event.kind === 'waiting') {
    // The limiter's ordinary pacing (under a second) and a retry's backoff are not rate limiting.
    if (event.wait.reason === 'retry' || event.wait.ms < NOTICEABLE_WAIT_MS) return current;
    return { state: 'rateLimited', until: event.wait.at + event.wait.ms, why: event.wait.why };
  }
  if (event.kind === 'unanswered') return unreachable(current, event.message, now);
  return afterAnswer(current, event, now);
}

function afterAnswer(current: ConnectionStatus, event: Extract<CallEvent, { kind: 'answered' }>, now: number): ConnectionStatus {
  if (event.status === 401 || event.status === 403)
    return { state: 'credentialsRejected', message: event.message ?? l10n.t('The service refused the API key (HTTP {0}).', event.status) };
  if (event.status === 429)
    return {
      state: 'rateLimited',
      until: now + (event.retryAfterMs ?? 1000),
      why: l10n.t('the service refused a call for its rate limit (429)'),
    };
  if (event.status >= 500)
    return unreachable(
      current,
      event.message
        ? l10n.t('The service answers HTTP {0}: {1}', event.status, event.message)
        : l10n.t('The service answers HTTP {0}', event.status),
      now,
    );
  if (current.state === 'rateLimited' && current.until > now) return current;
  return event.ms >= SLOW_ANSWER_MS ? { state: 'slow', latencyMs: event.ms } : { state: 'connected', latencyMs: event.ms };
}

function unreachable(current: ConnectionStatus, lastError: string, now: number): ConnectionStatus {
  return { state: 'unreachable', since: current.state === 'unreachable' ? current.since : now, lastError };
}

/** A rate-limited state whose time has come is connected again. */
export function settled(status: ConnectionStatus, now: number): ConnectionStatus {
  return status.state === 'rateLimited' && status.until <= now ? { state: 'connected' } : status;
}

/** Whether the background check should run: the service is failing. */
function needsHealthCheck(status: ConnectionStatus): boolean {
  return status.state === 'unreachable';
}

/** Whether calls can be made at all (signed in, credentials not refused). */
export function canCall(status: ConnectionStatus): boolean {
  return status.state !== 'signedOut' && status.state !== 'credentialsRejected';
}

export interface StatusWords {
  /** Short, for the status bar: "slow (4.2 s)". */
  short: string;
  /** One sentence: what it means and what happens next. */
  detail: string;
}

/** The words for a state, at clock time `now` (for countdowns and "since"). */
export function describeStatus(status: ConnectionStatus, now: number, formatTime: (ms: number) => string): StatusWords {
  switch (status.state) {
    case 'signedOut':
      return {
        short: l10n.t('signed out'),
        detail: l10n.t("Not signed in: sign in with the workspace's API key to browse, fetch and push."),
      };
    case 'connecting':
      return { short: l10n.t('connecting…'), detail: l10n.t('Checking the API key with the service.') };
    case 'connected': {
      const detail =
        status.latencyMs !== undefined
          ? l10n.t('The service answers (last answer in {0} ms).', Math.round(status.latencyMs))
          : l10n.t('The service answers.');
      return { short: l10n.t('connected'), detail };
    }
    case 'slow':
      return {
        short: l10n.t('slow ({0})', seconds(status.latencyMs)),
        detail: l10n.t(
          'The service answers, but slowly: the last answer took {0}. Reads give up after their time budget.',
          seconds(status.latencyMs),
        ),
      };
    case 'rateLimited': {
      const left = Math.max(0, status.until - now);
      return {
        short: l10n.t('rate-limited ({0} s)', Math.ceil(left / 1000)),
        detail: l10n.t('Calls are held back: {0}. The next call is allowed in {1}.', status.why, formatDuration(left)),
      };
    }
    case 'unreachable':
      return {
        short: l10n.t('unreachable since {0}', formatTime(status.since)),
        detail: l10n.t(
          'The service has not answered since {0}. Last error: {1} Checking again in the background.',
          formatTime(status.since),
          status.lastError,
        ),
      };
    case 'credentialsRejected':
      return {
        short: l10n.t('credentials rejected'),
        detail: `${status.message} ${l10n.t("Sign in again with the workspace's API key.")}`,
      };
  }
}

function seconds(ms: number): string {
  return l10n.t('{0} s', (ms / 1000).toFixed(1));
}

/**
 * Whether `next` is a change worth telling: nearly every answer brings a new latency, so a
 * connected state stays the same one whatever its latency, and a slow one changes only when the
 * latency it shows (a tenth of a second) does.
 */
function shownDifferently(current: ConnectionStatus, next: ConnectionStatus): boolean {
  if (current.state === 'connected' && next.state === 'connected') return false;
  if (current.state === 'slow' && next.state === 'slow') return seconds(current.latencyMs) !== seconds(next.latencyMs);
  return !dequal(current, next);
}

export interface HealthMonitorOptions {
  /** One cheap call that proves the service answers; its events reach `observe` through the client. */
  probe(signal: AbortSignal): Promise<unknown>;
  clock: Clock;
  onChange(status: ConnectionStatus): void;
  /** First wait before a check; it doubles after each failed check. Default 2 s. */
  firstCheckMs?: number;
  /** Longest wait between checks. Default 60 s. */
  maxCheckMs?: number;
}

/**
 * Holds the status, and while the service is failing checks it in the background: after 2 s,
 * then 4, 8, … up to a minute between checks, until it answers. A rate-limited state turns back
 * to connected when its time has come.
 */
export class HealthMonitor {
  private current: ConnectionStatus = { state: 'signedOut' };
  private timer?: AbortController;
  private failedChecks = 0;

  constructor(private readonly opts: HealthMonitorOptions) {}

  get status(): ConnectionStatus {
    return this.current;
  }

  /** Set from outside: signed out, connecting, signed in. */
  set(status: ConnectionStatus): void {
    this.failedChecks = 0;
    this.update(status);
  }

  observe(event: CallEvent): void {
    this.update(nextStatus(this.current, event, this.opts.clock.now()));
  }

  /** Check now, not at the next scheduled time (the Retry button). */
  checkNow(): Promise<void> {
    this.failedChecks = 0;
    return this.check();
  }

  dispose(): void {
    this.timer?.abort();
    this.timer = undefined;
  }

  private update(status: ConnectionStatus): void {
    const changed = shownDifferently(this.current, status);
    this.current = status;
    if (status.state === 'connected' || status.state === 'slow') this.failedChecks = 0;
    this.schedule();
    if (changed) this.opts.onChange(status);
  }

  private schedule(): void {
    const s = this.current;
    if (needsHealthCheck(s)) {
      if (!this.timer) this.after(this.backoff(), () => this.check());
    } else if (s.state === 'rateLimited') {
      this.dispose();
      this.after(Math.max(0, s.until - this.opts.clock.now()), () => this.update(settled(this.current, this.opts.clock.now())));
    } else {
      this.dispose();
    }
  }

  private backoff(): number {
    const first = this.opts.firstCheckMs ?? 2000;
    return Math.min(this.opts.maxCheckMs ?? 60_000, first * 2 ** this.failedChecks);
  }

  private after(ms: number, then: () => unknown): void {
    const ctrl = new AbortController();
    this.timer = ctrl;
    void this.opts.clock.sleep(ms, ctrl.signal).then(
      () => {
        if (this.timer === ctrl) this.timer = undefined;
        return then();
      },
      () => undefined,
    );
  }

  private async check(): Promise<void> {
    this.dispose();
    const ctrl = new AbortController();
    this.timer = ctrl;
    try {
      await this.opts.probe(ctrl.signal);
    } catch (e) {
      if (e instanceof CancelledError || ctrl.signal.aborted) return;
      this.failedChecks++;
    } finally {
      if (this.timer === ctrl) this.timer = undefined;
    }
    this.schedule();
  }
}
