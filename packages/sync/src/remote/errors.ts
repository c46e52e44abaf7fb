import * as l10n from '@vscode/l10n';
import { isCancelled } from './clock';
import { formatDuration } from './waits';

/**
 * Failures of service calls, and the words a user reads about them: what happened (code, target,
 * details from the error envelope) and what to do next.
 */

export interface ErrorDetail {
  target?: string;
  message: string;
}

/** Codes of the spec's error envelope: what the service (and the emulator) answers with. */
export type EnvelopeErrorCode =
  | 'VALIDATION_FAILED'
  | 'UNPROCESSABLE_ENTITY'
  | 'BAD_REQUEST'
  | 'RATE_LIMITED'
  | 'UNAUTHORIZED'
  | 'INTERNAL_ERROR'
  | 'FORBIDDEN'
  | 'NOT_FOUND';

/** The envelope's codes, plus the client's own for failures without a response. */
export type ServiceErrorCode =
  | EnvelopeErrorCode
  /** No answer within the timeout. */
  | 'TIMEOUT'
  /** The connection failed (refused, reset, DNS). */
  | 'NETWORK'
  /** An answer that is not what the spec describes (not JSON, no envelope). */
  | 'BAD_RESPONSE'
  | (string & {});

/**
 * What became of a failed call, as data. Whoever decides on a failure decides on this, never on
 * the message: messages are translated.
 */
export type CallFailure =
  /** The service (or something at its address) answered with this error status. */
  | { kind: 'http'; status: number }
  /** An answer that is not what the spec describes; a 2xx one means the call was carried out. */
  | { kind: 'badAnswer'; status: number }
  /** The connection failed; `code` is Node's (`ECONNREFUSED`, `UND_ERR_SOCKET`); `sent` unless the code proves the request never left. */
  | { kind: 'network'; code?: string; sent: boolean }
  /** No answer in time; `sent` unless the time ran out before the request could leave. */
  | { kind: 'timeout'; sent: boolean };

export interface ServiceErrorInit {
  status: number;
  code: ServiceErrorCode;
  failure: CallFailure;
  message: string;
  method: string;
  path: string;
  requestId: string;
  target?: string;
  details?: ErrorDetail[];
  /** From `Retry-After` on a 429. */
  retryAfterMs?: number;
  /** How many times the call was sent. */
  attempts?: number;
  /** The call's time budget, retries included. */
  budgetMs?: number;
  /** The call changes data (its budget is the environment's `writeTimeoutSeconds`). */
  write?: boolean;
}

export class ServiceError extends Error {
  readonly status: number;
  readonly code: ServiceErrorCode;
  readonly failure: CallFailure;
  /** The envelope's own message (the `message` property is the full readable sentence). */
  readonly serviceMessage: string;
  readonly method: string;
  readonly path: string;
  readonly requestId: string;
  readonly target?: string;
  readonly details: ErrorDetail[];
  readonly retryAfterMs?: number;
  readonly attempts: number;
  readonly budgetMs?: number;
  readonly write: boolean;

  constructor(init: ServiceErrorInit) {
    super(formatServiceError(init));
    this.name = 'ServiceError';
    this.status = init.status;
    this.code = init.code;
    this.failure = init.failure;
    this.serviceMessage = init.message;
    this.method = init.method;
    this.path = init.path;
    this.requestId = init.requestId;
    this.target = init.target;
    this.details = init.details ?? [];
    this.retryAfterMs = init.retryAfterMs;
    this.attempts = init.attempts ?? 1;
    this.budgetMs = init.budgetMs;
    this.write = init.write ?? false;
  }
}

export function isServiceError(e: unknown): e is ServiceError {
  return e instanceof ServiceError;
}

/** Codes that prove no connection was made, so the request never left: refused, no such host, no route, no connection in time, a certificate refused. */
const NEVER_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ERR_INVALID_URL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** A connection failure with this Node code may have sent the request (reset, closed mid-way, unknown). */
export function mayHaveSent(code: string | undefined): boolean {
  return !code || !(NEVER_CONNECTED.has(code) || code.includes('CERT'));
}

/** The request went out and no answer says what became of it (or was cancelled in flight): a write may have applied. */
export function answerLost(e: unknown): boolean {
  if (isCancelled(e)) return e.sent;
  if (!isServiceError(e)) return false;
  const f = e.failure;
  if (f.kind === 'timeout' || f.kind === 'network') return f.sent;
  return f.kind === 'badAnswer' && f.status >= 200 && f.status < 300;
}

/**
 * A write that failed so may have been applied: its answer was lost, or the service failed (5xx)
 * after perhaps storing it. It is checked by reading, never sent again.
 */
export function mayHaveApplied(e: unknown): boolean {
  return answerLost(e) || (isServiceError(e) && e.failure.kind === 'http' && e.status >= 500);
}

/** The service did not answer the call, or answered that it cannot now: asking again later may work. */
export function notAnswering(e: unknown): boolean {
  if (!isServiceError(e)) return false;
  const f = e.failure;
  return f.kind === 'timeout' || f.kind === 'network' || (f.kind === 'http' && (f.status >= 500 || f.status === 429));
}

/** The service refused the call with this status (a 4xx or 5xx answer). */
export function refusedWith(e: unknown, status: number): boolean {
  return isServiceError(e) && e.failure.kind === 'http' && e.status === status;
}

/** `code` (HTTP status) on target: message. Details: a; b. */
function formatServiceError(init: ServiceErrorInit): string {
  const where = init.status > 0 ? `${init.code} (HTTP ${init.status})` : init.code;
  let text = init.target
    ? l10n.t({
        message: '{0} on {1}: {2}',
        args: [where, `\`${init.target}\``, init.message],
        comment: "an error code, the field it is about, the service's message",
      })
    : `${where}: ${init.message}`;
  const details = (init.details ?? []).filter(d => d.message && !(d.target === init.target && d.message === init.message));
  if (details.length)
    text +=
      ' ' +
      l10n.t(
        'Details: {0}.',
        details
          .map(d => {
            const m = d.message.replace(/\.+$/, '');
            return d.target ? `\`${d.target}\`: ${m}` : m;
          })
          .join('; '),
      );
  return text;
}

/**
 * Reads the V5 error envelope `{ response_id, error: { code, message, target, details, request_id } }`
 * (V1 answers sometimes carry the same fields at the top level). Undefined when it is not one.
 */
export function parseErrorEnvelope(
  body: unknown,
): { code?: string; message?: string; target?: string; details: ErrorDetail[]; requestId?: string } | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const outer = body as Record<string, unknown>;
  const e = (outer.error && typeof outer.error === 'object' && !Array.isArray(outer.error) ? outer.error : outer) as Record<
    string,
    unknown
  >;
  const code = typeof e.code === 'string' ? e.code : undefined;
  const message = typeof e.message === 'string' ? e.message : typeof outer.message === 'string' ? outer.message : undefined;
  if (!code && !message) return undefined;
  const details: ErrorDetail[] = [];
  if (Array.isArray(e.details)) {
    for (const d of e.details) {
      if (d && typeof d === 'object') {
        const r = d as Record<string, unknown>;
        const m = typeof r.message === 'string' ? r.message : JSON.stringify(d);
        details.push({ target: typeof r.target === 'string' ? r.target : undefined, message: m });
      } else if (typeof d === 'string') {
        details.push({ message: d });
      }
    }
  }
  return {
    code,
    message,
    target: typeof e.target === 'string' && e.target ? e.target : undefined,
    details,
    requestId: typeof e.request_id === 'string' ? e.request_id : typeof outer.response_id === 'string' ? outer.response_id : undefined,
  };
}

/** What the user can do about a failure; the editor turns it into a button. */
export type ErrorAction = 'signIn' | 'switchEnvironment' | 'retry' | 'openSettings' | 'showLog';

export interface ErrorAdvice {
  /** The whole sentence: what happened, then what to do. */
  message: string;
  actions: ErrorAction[];
}

export interface AdviceContext {
  /** Environment name, for "…in environment `staging`". */
  environment?: string;
  workspaceId?: string;
  /** What was being done, e.g. "Fetching campaign 65f…". */
  doing?: string;
}

/** "It was tried 3 times within its 15 seconds budget." when the call was retried. */
function tries(e: ServiceError): string {
  if (e.attempts <= 1) return '';
  return e.budgetMs
    ? l10n.t('It was tried {0} times within its {1} budget.', e.attempts, formatDuration(e.budgetMs))
    : l10n.t('It was tried {0} times.', e.attempts);
}

/** Whole sentences, one after the other. */
function sentences(...texts: string[]): string {
  return texts.filter(Boolean).join(' ');
}

/** One whole sentence for each of what is known: the environment and its workspace, one of them, or neither. */
interface Naming {
  both(environment: string, workspace: string): string;
  environment(environment: string): string;
  workspace(workspace: string): string;
  neither(): string;
}

function naming(environment: string | undefined, workspace: string | undefined, say: Naming): string {
  if (environment && workspace) return say.both(environment, workspace);
  if (environment) return say.environment(environment);
  return workspace ? say.workspace(workspace) : say.neither();
}

/** A readable message for any failure of a service call, saying what to do next. */
export function adviceFor(e: unknown, ctx: AdviceContext = {}): ErrorAdvice {
  const failed = (m: string) =>
    ctx.doing
      ? l10n.t({
          message: '{0} failed: {1}',
          args: [ctx.doing, m],
          comment: 'what was being done (such as "Fetching campaign 65f…"), then why it failed',
        })
      : m;
  const env = ctx.environment ? `\`${ctx.environment}\`` : undefined;
  const ws = ctx.workspaceId ? `\`${ctx.workspaceId}\`` : undefined;
  if (!isServiceError(e)) {
    return { message: failed(e instanceof Error ? e.message : String(e)), actions: ['showLog'] };
  }
  const base = failed(e.message);
  switch (e.status) {
    case 401: {
      const refused = naming(env, ws, {
        both: (e, w) => l10n.t('The service did not accept the API key for environment {0} (workspace {1}).', e, w),
        environment: e => l10n.t('The service did not accept the API key for environment {0}.', e),
        workspace: w => l10n.t('The service did not accept the API key for environment (workspace {0}).', w),
        neither: () => l10n.t('The service did not accept the API key for environment.'),
      });
      return {
        message: sentences(base, refused, l10n.t("Sign in again with the workspace's API key from the dashboard's workspace settings.")),
        actions: ['signIn'],
      };
    }
    case 403:
      return {
        message: sentences(
          base,
          l10n.t('The API key has no access to this operation. Use a key for the campaign area, or ask the workspace admin.'),
        ),
        actions: ['signIn'],
      };
    case 404: {
      const gone = naming(env, ws, {
        both: (e, w) =>
          l10n.t('The campaign no longer exists, or it belongs to another workspace than environment {0} (workspace {1}).', e, w),
        environment: e => l10n.t('The campaign no longer exists, or it belongs to another workspace than environment {0}.', e),
        workspace: w =>
          l10n.t('The campaign no longer exists, or it belongs to another workspace than the current environment (workspace {0}).', w),
        neither: () => l10n.t('The campaign no longer exists, or it belongs to another workspace than the current environment.'),
      });
      return {
        message: sentences(base, gone, l10n.t('Refresh the Campaigns view, or switch to the environment it came from.')),
        actions: ['switchEnvironment'],
      };
    }
    case 429: {
      const reached = l10n.t("The service's rate limit was reached (10 calls a second, 100 a minute, 6000 an hour).");
      const next =
        e.retryAfterMs !== undefined
          ? l10n.t('The service allows the next call in {0}; try again then.', formatDuration(e.retryAfterMs))
          : l10n.t('The service allows the next call in a minute; try again then.');
      return { message: sentences(base, reached, next), actions: ['retry', 'showLog'] };
    }
    case 400:
    case 422:
      return { message: sentences(base, l10n.t('Fix what the message names and try again.')), actions: ['showLog'] };
    default:
      break;
  }
  if (e.failure.kind === 'timeout')
    return {
      message: sentences(
        base,
        tries(e),
        l10n.t(
          "Check the connection and the environment's base URL, then try again; a slow service may need a longer {0} in the environment's settings.",
          `\`${e.write ? 'writeTimeoutSeconds' : 'readTimeoutSeconds'}\``,
        ),
      ),
      actions: ['retry', 'openSettings'],
    };
  if (e.failure.kind === 'network') {
    const check = env
      ? l10n.t('Check that the base URL of environment {0} is right and that the service is running, then try again.', env)
      : l10n.t('Check that the base URL of environment is right and that the service is running, then try again.');
    return { message: sentences(base, tries(e), check), actions: ['retry', 'openSettings'] };
  }
  if (e.status >= 500)
    return {
      message: sentences(
        base,
        tries(e),
        l10n.t('The service failed internally; try again in a moment.'),
        l10n.t('If it keeps failing, quote request id {0} (it is in the log) to support.', `\`${e.requestId}\``),
      ),
      actions: ['retry', 'showLog'],
    };
  return { message: base, actions: ['showLog'] };
}
