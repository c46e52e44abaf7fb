import * as l10n from '@vscode/l10n';
import { systemClock } from '../remote/clock';
import type { Clock } from '../remote/clock';
import type { StatusAction } from '../remote/serviceClient';
import { answerLost, isServiceError, notAnswering, ServiceError } from '../remote/errors';
import { formatDuration } from '../remote/waits';
import { describeFailure } from './errorMapping';
import { ProgressStep, PushUi, ReadBackOptions } from './ports';

/**
 * After a write whose answer was lost (or that failed on the server), the service is read again
 * to learn what happened. While it does not answer (refused or reset connections, timeouts, 5xx,
 * 429), the read is tried again with growing waits, inside a time budget, each wait shown with
 * its reason, until the person cancels. Only the read is repeated, never the write.
 */

const READ_BACK_BUDGET_MS = 120_000;
const FIRST_WAIT_MS = 500;
const MAX_WAIT_MS = 5_000;

/** Why a check ended without a read: cancelled by the person, out of time, or a read the service refused. */
export type UncheckedReason = 'cancelled' | 'budget' | 'refused';

export interface Unanswered {
  answered: false;
  reason: UncheckedReason;
  lastError?: string;
  budgetMs: number;
  /** The service's rate limit asked to wait this long, past the budget. */
  asksToWaitMs?: number;
}

export type ReadBack<T> = { answered: true; value: T } | Unanswered;

/** Reads until the service answers, showing each wait under `title`, until the person cancels. */
export function readUntilAnswered<T>(
  ui: PushUi,
  title: string,
  read: (signal: AbortSignal) => Promise<T>,
  options: ReadBackOptions = {},
): Promise<ReadBack<T>> {
  const clock = options.clock ?? systemClock;
  const budgetMs = options.budgetMs ?? READ_BACK_BUDGET_MS;
  return ui.progress(title, step => new ReadBackLoop(clock, budgetMs, step).run(read));
}

/** One check: its deadline, and the signal that stops its reads and waits (cancel or deadline). */
class ReadBackLoop {
  private readonly deadline: number;
  private readonly stopped = new AbortController();
  private ended?: 'cancelled' | 'budget';
  private lastError?: string;

  constructor(
    private readonly clock: Clock,
    private readonly budgetMs: number,
    private readonly step: ProgressStep,
  ) {
    this.deadline = clock.now() + budgetMs;
  }

  async run<T>(read: (signal: AbortSignal) => Promise<T>): Promise<ReadBack<T>> {
    const onCancel = () => this.end('cancelled');
    this.step.signal.addEventListener('abort', onCancel, { once: true });
    if (this.step.signal.aborted) onCancel();
    const timer = new AbortController();
    // A read still running at the deadline is stopped there.
    void this.clock.sleep(this.budgetMs, timer.signal).then(
      () => this.end('budget'),
      () => undefined,
    );
    try {
      return await this.attempts(read);
    } finally {
      timer.abort();
      this.step.signal.removeEventListener('abort', onCancel);
    }
  }

  private end(why: 'cancelled' | 'budget'): void {
    if (this.ended) return;
    this.ended = why;
    this.stopped.abort();
  }

  private async attempts<T>(read: (signal: AbortSignal) => Promise<T>): Promise<ReadBack<T>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return { answered: true, value: await read(this.stopped.signal) };
      } catch (e) {
        if (this.ended) return this.unchecked(this.ended);
        this.lastError = failureClause(e);
        if (!isServiceError(e) || !notAnswering(e)) return this.unchecked('refused');
        const wait = e.retryAfterMs ?? backoff(attempt);
        if (this.clock.now() + wait >= this.deadline) return { ...this.unchecked('budget'), asksToWaitMs: e.retryAfterMs };
        if (!(await this.waitShowing(wait, waitReason(e)))) return this.unchecked(this.ended ?? 'cancelled');
      }
    }
  }

  /** Waits `ms`, counting down the seconds beside the title; false when stopped meanwhile. */
  private async waitShowing(ms: number, reason: string): Promise<boolean> {
    for (let left = ms; left > 0; left -= 1000) {
      this.step.report(l10n.t('{0}; trying again in {1} s', reason, Math.ceil(left / 1000)));
      try {
        await this.clock.sleep(Math.min(1000, left), this.stopped.signal);
      } catch {
        return false;
      }
    }
    this.step.report(l10n.t('{0}; reading again…', reason));
    return true;
  }

  private unchecked(reason: UncheckedReason): Unanswered {
    return { answered: false, reason, lastError: this.lastError, budgetMs: this.budgetMs };
  }
}

/** 0.5 s, doubling, at most 5 s. */
function backoff(attempt: number): number {
  return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (attempt - 1));
}

function waitReason(e: ServiceError): string {
  if (e.status === 429) {
    return e.retryAfterMs !== undefined
      ? l10n.t("the service's rate limit was reached and it asks to wait {0}", formatDuration(e.retryAfterMs, 'short'))
      : l10n.t("the service's rate limit was reached and it asks to wait");
  }
  return l10n.t('service not answering: {0}', failureClause(e));
}

/** What went wrong with a call, to stand inside a sentence (no final full stop). */
export function failureClause(e: unknown): string {
  return describeFailure(e).replace(/\.+$/, '');
}

/**
 * What became of a write that may have applied, to open a sentence (no final full stop): "The
 * answer to the update was lost (…)" or "The service failed while handling the update (…)".
 */
export function answerLostOrFailed(e: unknown, write: 'update' | 'create' | StatusAction): string {
  const why = failureClause(e);
  if (answerLost(e)) {
    switch (write) {
      case 'update':
        return l10n.t('The answer to the update was lost ({0})', why);
      case 'create':
        return l10n.t('The answer to the create call was lost ({0})', why);
      case 'PAUSE':
        return l10n.t('The answer to the pause request was lost ({0})', why);
      case 'RESUME':
        return l10n.t('The answer to the resume request was lost ({0})', why);
      case 'STOP':
        return l10n.t('The answer to the stop request was lost ({0})', why);
    }
  }
  switch (write) {
    case 'update':
      return l10n.t('The service failed while handling the update ({0})', why);
    case 'create':
      return l10n.t('The service failed while handling the create call ({0})', why);
    case 'PAUSE':
      return l10n.t('The service failed while handling the pause request ({0})', why);
    case 'RESUME':
      return l10n.t('The service failed while handling the resume request ({0})', why);
    case 'STOP':
      return l10n.t('The service failed while handling the stop request ({0})', why);
  }
}

/**
 * Why a check ended without a read, to follow "The answer to … was lost (…), and": the person
 * stopped it, the budget ran out, or the service refused the read.
 */
export function whyUnchecked(r: Unanswered): string {
  const last = r.lastError;
  if (r.reason === 'cancelled')
    return last
      ? l10n.t('you stopped the check before the service answered (last: {0})', last)
      : l10n.t('you stopped the check before the service answered');
  if (r.asksToWaitMs !== undefined)
    return l10n.t(
      "the service's rate limit asks to wait {0}, longer than the {1} the check may take",
      formatDuration(r.asksToWaitMs, 'short'),
      formatDuration(r.budgetMs, 'short'),
    );
  const budget = formatDuration(r.budgetMs, 'short');
  if (r.reason === 'budget')
    return last
      ? l10n.t('the service did not answer during {0} of checking (last: {1})', budget, last)
      : l10n.t('the service did not answer during {0} of checking', budget);
  return last !== undefined
    ? l10n.t('the service refused the read that checks it ({0})', last)
    : l10n.t('the service refused the read that checks it (no reason given)');
}
