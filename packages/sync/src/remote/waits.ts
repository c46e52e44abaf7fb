import * as l10n from '@vscode/l10n';
import { RateLimit, SlotEstimate } from './rateLimiter';

/**
 * Waits a user should hear about: a call held back by the rate limit, by the service's
 * `Retry-After`, or before a retry. Every wait longer than a second is shown with its reason
 * and length; these are the words for it.
 */

export type WaitReason = 'rateLimit' | 'retryAfter' | 'retry';

export interface WaitNotice {
  reason: WaitReason;
  /** How long, in milliseconds, from `at`. */
  ms: number;
  /** Clock time the wait started. */
  at: number;
  /** Why, in words: "100 calls a minute", "the service asked to wait (Retry-After)", "after HTTP 503". */
  why: string;
}

/** Waits shorter than this pass unannounced. */
export const NOTICEABLE_WAIT_MS = 1000;

/** "100 calls a minute": a whole phrase per count and window. */
function describeLimit(l: RateLimit): string {
  const one = l.limit === 1;
  switch (l.windowMs) {
    case 1_000:
      return one ? l10n.t('1 call a second') : l10n.t('{0} calls a second', l.limit);
    case 60_000:
      return one ? l10n.t('1 call a minute') : l10n.t('{0} calls a minute', l.limit);
    case 3_600_000:
      return one ? l10n.t('1 call an hour') : l10n.t('{0} calls an hour', l.limit);
    default:
      return one ? l10n.t('1 call in {0}', formatDuration(l.windowMs)) : l10n.t('{0} calls in {1}', l.limit, formatDuration(l.windowMs));
  }
}

/** "1 second", "42 seconds", "3 minutes"; in the short style, for a line beside a title, "42 s", "3 min". */
export function formatDuration(ms: number, style: 'long' | 'short' = 'long'): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  if (s < 90) return style === 'short' ? l10n.t('{0} s', s) : s === 1 ? l10n.t('1 second') : l10n.t('{0} seconds', s);
  const m = Math.ceil(s / 60);
  return style === 'short' ? l10n.t('{0} min', m) : m === 1 ? l10n.t('1 minute') : l10n.t('{0} minutes', m);
}

/** The notice for a request the limiter holds back. */
export function slotNotice(slot: SlotEstimate, at: number): WaitNotice {
  const why =
    slot.reason === 'retryAfter'
      ? l10n.t('the service asked to slow down (Retry-After)')
      : slot.limit
        ? l10n.t("the service's rate limit of {0}", describeLimit(slot.limit))
        : l10n.t("the service's rate limit of its calls");
  return { reason: slot.reason, ms: slot.ms, at, why };
}

/** "Waiting 42 seconds: the service's rate limit of 100 calls a minute." */
export function waitText(w: WaitNotice, now = w.at): string {
  const left = Math.max(0, w.at + w.ms - now);
  return w.reason === 'retry'
    ? l10n.t('Trying again in {0}: {1}.', formatDuration(left), w.why)
    : l10n.t('Waiting {0}: {1}.', formatDuration(left), w.why);
}
