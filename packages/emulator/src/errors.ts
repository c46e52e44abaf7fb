import type { EnvelopeErrorCode } from '@campaign-studio/sync';

/**
 * The V5 error envelope, exactly:
 * `{ response_id, error: { code, message, target, details: [{ target, message }], request_id } }`.
 * Handlers throw `ServiceError`; the server turns it into the envelope and the HTTP status.
 */

/** The envelope's codes, as the client reads them (sync's `remote/errors.ts`). */
export type ErrorCode = EnvelopeErrorCode;

export interface ErrorDetail {
  target: string;
  message: string;
}

export interface ErrorEnvelope {
  response_id: string;
  error: {
    code: ErrorCode;
    message: string;
    target: string;
    details: ErrorDetail[];
    request_id: string;
  };
}

/** Each code's HTTP status. For a status that several codes share, the first is its general one. */
const STATUS_OF: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  UNPROCESSABLE_ENTITY: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
};

/**
 * The code of an answer known only by its HTTP status (an injected fault's): the status's general
 * code (BAD_REQUEST for 400), else INTERNAL_ERROR from 500 on and BAD_REQUEST below.
 */
export function codeForStatus(status: number): ErrorCode {
  const code = (Object.keys(STATUS_OF) as ErrorCode[]).find(c => STATUS_OF[c] === status);
  return code ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
}

export class ServiceError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly target: string,
    readonly details: ErrorDetail[] = [],
    opts: { status?: number; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = opts.status ?? STATUS_OF[code];
    this.headers = opts.headers ?? {};
  }
  readonly headers: Record<string, string>;

  envelope(requestId: string): ErrorEnvelope {
    return {
      response_id: requestId,
      error: { code: this.code, message: this.message, target: this.target, details: this.details, request_id: requestId },
    };
  }
}

/** 400 VALIDATION_FAILED from a list of problems: the first one is the envelope's target. */
export function validationFailed(details: ErrorDetail[], summary?: string): ServiceError {
  const first = details[0] ?? { target: 'body', message: 'The request is not valid.' };
  const message =
    summary ?? (details.length === 1 ? first.message : `${details.length} problems in the request; the first: ${first.message}`);
  return new ServiceError('VALIDATION_FAILED', message, first.target, details);
}

export function notFound(id: string): ServiceError {
  return new ServiceError(
    'NOT_FOUND',
    `No campaign \`${id}\` in this workspace: it does not exist, or it belongs to another workspace.`,
    'campaign_id',
    [],
  );
}

export function badRequest(message: string, target = 'body', details: ErrorDetail[] = []): ServiceError {
  return new ServiceError('BAD_REQUEST', message, target, details);
}

export function unprocessable(message: string, target: string, details: ErrorDetail[] = []): ServiceError {
  return new ServiceError('UNPROCESSABLE_ENTITY', message, target, details.length ? details : [{ target, message }]);
}

/** 429 RATE_LIMITED: `reached` says which limit, then when to retry, also in `Retry-After`. */
export function rateLimited(reached: string, retryAfterSeconds: number): ServiceError {
  return new ServiceError('RATE_LIMITED', `${reached} Retry after ${retryAfterSeconds} s.`, 'request', [], {
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}

export function forbidden(message: string, target: string): ServiceError {
  return new ServiceError('FORBIDDEN', message, target, [{ target, message }]);
}
