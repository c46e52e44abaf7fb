/**
 * One line per service call for the output channel: method, path, status, milliseconds, request
 * id. Credentials never reach it: every line goes through `redact` with the secrets of the client
 * that made the call.
 */

export interface CallLogEntry {
  method: string;
  /** Path and query, without the base URL. */
  path: string;
  /** HTTP status; 0 when no response came (timeout, network, cancelled). */
  status: number;
  ms: number;
  requestId: string;
  /** 1 for the first try. */
  attempt: number;
  environment: string;
  /** Error code or failure text, already redacted. */
  error?: string;
  /** When the call will be tried again, in ms. */
  retryInMs?: number;
  /** Time spent queued by the rate limiter before sending. */
  queuedMs?: number;
}

const REDACTED = '***';
/** Shorter queueing is the limiter's ordinary pacing, not worth a word in the log. */
const QUEUED_WORTH_SAYING_MS = 100;

/**
 * Replaces every occurrence of the given secrets, and anything that looks like HTTP Basic
 * credentials or an API key header, with `***`.
 */
// Stryker disable next-line ArrayDeclaration: the default stands for "no secrets"; a default holding some text differs only for that very text.
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const s of secrets) {
    if (!s || s.length < 4) continue;
    out = out.split(s).join(REDACTED);
  }
  out = out.replace(/(authorization["']?\s*[:=]\s*["']?\s*(?:basic|bearer)\s+)[A-Za-z0-9+/=._~-]+/gi, `$1${REDACTED}`);
  out = out.replace(/\b(basic|bearer)\s+[A-Za-z0-9+/]{12,}={0,2}/gi, `$1 ${REDACTED}`);
  out = out.replace(/(api[_-]?key["']?\s*[:=]\s*["']?)[^"'\s,}]+/gi, `$1${REDACTED}`);
  out = out.replace(/(\/\/)[^/@\s:]+:[^/@\s]+@/g, `$1${REDACTED}@`);
  return out;
}

export function formatCallLog(e: CallLogEntry): string {
  const status = e.status > 0 ? String(e.status) : (e.error ?? 'failed');
  let line = `${e.environment} ${e.method} ${e.path} → ${status} in ${Math.round(e.ms)} ms [request ${e.requestId}]`;
  if (e.attempt > 1) line += ` (attempt ${e.attempt})`;
  if (e.queuedMs && e.queuedMs >= QUEUED_WORTH_SAYING_MS) line += ` (queued ${Math.round(e.queuedMs)} ms by the rate limiter)`;
  if (e.status > 0 && e.error) line += `: ${e.error}`;
  if (e.retryInMs !== undefined) line += `; retrying in ${Math.round(e.retryInMs)} ms`;
  return line;
}
