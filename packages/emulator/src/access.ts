import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Who may talk to the emulator. It listens on loopback, but a web page in the developer's browser
 * can still send it requests (a `text/plain` POST needs no preflight), and a DNS name rebound to
 * 127.0.0.1 makes such a page same-origin. So every request must name the emulator by a loopback
 * Host, and the admin endpoints also want the token of this run and, for a body, JSON: a page can
 * send neither without a preflight that the emulator never answers.
 */

/** The header that carries the admin token. */
export const ADMIN_TOKEN_HEADER = 'X-Emulator-Admin-Token';

/** The environment variable that fixes the admin token of `npm run emulator` (a supervised restart keeps it so). */
export const ADMIN_TOKEN_ENV = 'CAMPAIGN_STUDIO_EMULATOR_ADMIN_TOKEN';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
const TOKEN_SHAPE = /^[\x21-\x7e]{16,256}$/;

/** A fresh admin token: 24 random bytes, URL-safe. */
export function newAdminToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Why `token` cannot be an admin token, or undefined when it can. The token itself is never repeated. */
export function adminTokenProblem(token: string): string | undefined {
  if (TOKEN_SHAPE.test(token)) return undefined;
  return `The admin token must be 16 to 256 visible ASCII characters without spaces (the one given has ${token.length} characters): set ${ADMIN_TOKEN_ENV} to such a value, or leave it unset for a random one.`;
}

/** The Host values that name this emulator: each loopback name with the port (bare too on port 80, as clients then send it). */
function allowedHosts(port: number): string[] {
  return LOOPBACK_NAMES.flatMap(name => (port === 80 ? [name, `${name}:80`] : [`${name}:${port}`]));
}

/** Why a request with this Host header is refused, or undefined when it names this emulator. */
export function hostRefusal(host: string | undefined, port: number): string | undefined {
  const allowed = allowedHosts(port);
  if (host !== undefined && allowed.includes(host.toLowerCase())) return undefined;
  const given = host === undefined || host === '' ? 'no Host header' : `Host ${JSON.stringify(host)}`;
  return `The request has ${given}; this emulator answers only requests addressed to ${allowed.join(', ')}, so that web pages and rebound DNS names cannot reach it. Use one of those in the URL.`;
}

/** Why an admin request is refused for its token, or undefined when it carries this run's token. */
export function adminTokenRefusal(headers: IncomingHttpHeaders, token: string): string | undefined {
  const given = headers[ADMIN_TOKEN_HEADER.toLowerCase()];
  const how = `send the \`adminToken\` of the emulator's ready line (\`npm start -- --json\` prints it as \`emulator.adminToken\`) in the \`${ADMIN_TOKEN_HEADER}\` header`;
  if (typeof given !== 'string' || given === '') return `The admin endpoints need this run's admin token: ${how}.`;
  if (!sameSecret(given, token))
    return `The \`${ADMIN_TOKEN_HEADER}\` header does not hold this run's admin token (each start makes a new one): ${how}.`;
  return undefined;
}

/** Compared in constant time, so the answer's timing tells nothing about the token. */
function sameSecret(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Why an admin request is refused for its content type, or undefined: a request with a body, or
 * a write that declares a content type, must declare `application/json`.
 */
export function adminContentTypeRefusal(method: string, headers: IncomingHttpHeaders): string | undefined {
  const type = headers['content-type'];
  const hasBody = Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;
  const isWrite = method !== 'GET' && method !== 'HEAD';
  if (!hasBody && !(isWrite && type !== undefined)) return undefined;
  if (type !== undefined && type.split(';')[0].trim().toLowerCase() === 'application/json') return undefined;
  return `The admin endpoints take JSON bodies only: send \`Content-Type: application/json\` (this request has ${type === undefined ? 'none' : `\`${type}\``}).`;
}
