import { CallFailure, ServiceError } from '../../src/remote/errors';

/** A failed call as the service client throws it, for fake services. */
export function failedCall(
  failure: CallFailure,
  message: string,
  o: { code?: string; retryAfterMs?: number; requestId?: string } = {},
): ServiceError {
  const status = failure.kind === 'http' || failure.kind === 'badAnswer' ? failure.status : 0;
  const code = o.code ?? (failure.kind === 'timeout' ? 'TIMEOUT' : failure.kind === 'network' ? 'NETWORK' : 'INTERNAL_ERROR');
  return new ServiceError({
    status,
    code,
    failure,
    message,
    method: 'GET',
    path: '/v5/campaigns/x',
    requestId: o.requestId ?? '',
    retryAfterMs: o.retryAfterMs,
  });
}

/** No answer to a request that went out. */
export const lostAnswer = (message = 'No answer from http://svc within 30 s.') => failedCall({ kind: 'timeout', sent: true }, message);

/** The connection was refused: the request never left. */
export const connectionRefused = (message = 'Could not reach http://svc: ECONNREFUSED.') =>
  failedCall({ kind: 'network', code: 'ECONNREFUSED', sent: false }, message);

/** The service answered an error status with an envelope. */
export const answeredWith = (status: number, code: string, message: string, retryAfterMs?: number) =>
  failedCall({ kind: 'http', status }, message, { code, retryAfterMs });
