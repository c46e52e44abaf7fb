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

const WINDOW_WORDS: Record<number, string> = { 1_000: 'a second', 60_000: 'a minute', 3_600_000: 'an hour' };

/** "100 calls a minute". */
function describeLimit(l: RateLimit): string {
  const window = WINDOW_WORDS[l.windowMs] ?? `in ${formatDuration(l.windowMs)}`;
  return `${l.limit} call${l.limit === 1 ? '' : 's'} ${window}`;
}

/** "1 second", "42 seconds", "3 minutes"; in the short style, for a line beside a title, "42 s", "3 min". */
export function formatDuration(ms: number, style: 'long' | 'short' = 'long'): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  if (s < 90) return style === 'short' ? `${s} s` : `${s} second${s === 1 ? '' : 's'}`;
  const m = Math.ceil(s / 60);
  return style === 'short' ? `${m} min` : `${m} minute${m === 1 ? '' : 's'}`;
}

/** The notice for a request the limiter holds back. */
export function slotNotice(slot: SlotEstimate, at: number): WaitNotice {
  const why = slot.reason === 'retryAfter'
    ? 'the service asked to slow down (Retry-After)'
    : `the service's rate limit of ${slot.limit ? describeLimit(slot.limit) : 'its calls'}`;
  return { reason: slot.reason, ms: slot.ms, at, why };
}

/** "Waiting 42 seconds: the service's rate limit of 100 calls a minute." */
export function waitText(w: WaitNotice, now = w.at): string {
  const left = Math.max(0, w.at + w.ms - now);
  const verb = w.reason === 'retry' ? 'Trying again in' : 'Waiting';
  return `${verb} ${formatDuration(left)}: ${w.why}.`;
}
