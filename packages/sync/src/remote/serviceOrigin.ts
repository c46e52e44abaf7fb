import { lookup } from 'dns/promises';
import { isIP } from 'net';

/**
 * Which rate-limit budget a base URL draws on. The service counts calls per workspace at one
 * server, whatever the URL's spelling: `http://localhost:P`, `http://127.0.0.1:P` and
 * `http://[::1]:P/` are one server, and `https://API.example.com` is `https://api.example.com:443`.
 *
 * Host names are resolved with `dns.lookup` (the resolver connections use, hosts file included)
 * only to learn whether they lead to this machine; every loopback address is one key. Any other
 * name is keyed by its lower-case spelling rather than by the addresses it resolves to, because a
 * service behind round-robin DNS answers with other addresses from one lookup to the next, which
 * would split its one budget into several.
 */

/** The addresses a host name resolves to. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export const systemResolveHost: ResolveHost = async hostname => (await lookup(hostname, { all: true, verbatim: true })).map(a => a.address);

const LOOPBACK_KEY = 'loopback';

/** The key of the limiter shared by every client of this server and workspace: `<host>:<port>|<workspace>`. */
export async function limiterKey(baseUrl: string, workspaceId: string, resolve: ResolveHost = systemResolveHost): Promise<string> {
  const url = new URL(baseUrl);
  const port = url.port || (url.protocol === 'http:' ? '80' : '443');
  return `${await hostKey(url.hostname, resolve)}:${port}|${workspaceId}`;
}

async function hostKey(hostname: string, resolve: ResolveHost): Promise<string> {
  const host = hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost' || isLoopbackAddress(host)) return LOOPBACK_KEY;
  if (isIP(host)) return host;
  const addresses = await resolve(host).catch(() => []);
  return addresses.length > 0 && addresses.every(isLoopbackAddress) ? LOOPBACK_KEY : host;
}

/** 127.0.0.0/8, `::1`, and IPv4 loopback mapped into IPv6. */
export function isLoopbackAddress(address: string): boolean {
  const v4 = address.replace(/^::ffff:/i, '');
  if (isIP(v4) === 4) return v4.startsWith('127.');
  // The URL parser writes every spelling of an IPv6 address in its one short form.
  return isIP(address) === 6 && new URL(`http://[${address}]`).hostname === '[::1]';
}
