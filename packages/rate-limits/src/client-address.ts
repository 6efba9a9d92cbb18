// The client's address for rate limits and session records. Taken from the connection, or from
// X-Forwarded-For only through TRUSTED_PROXY_HOPS proxies we run ourselves: each appends the address it was
// connected from, so the Nth entry from the right is the one the Nth trusted hop saw. Anything left of it was
// written by the client and is never believed (a new made-up address per request must not be a new key).
import { isIP } from 'node:net';

interface RequestIpServer {
  requestIP(request: Request): { address: string } | null;
}

export function clientAddress(request: Request, server: RequestIpServer | null | undefined, trustedProxyHops: number): string | null {
  const connection = server?.requestIP(request)?.address ?? null;
  if (trustedProxyHops === 0) return connection;
  const hops = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => hop !== '');
  const seen = hops[hops.length - trustedProxyHops];
  // fewer entries than trusted proxies, or garbage: the request did not come through them as configured
  if (seen === undefined || isIP(seen) === 0) return connection;
  return seen;
}
