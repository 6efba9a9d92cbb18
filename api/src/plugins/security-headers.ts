// Security headers on every response: HTML, JSON, static files, errors, 404s and early (preflight) answers.
import { Elysia } from 'elysia';
import { remoteOrigins, type ApiConfig } from '../config.ts';

/**
 * The Content-Security-Policy: the app's own origin ('self') and the remote origins, nothing else.
 * No 'unsafe-eval' and no 'unsafe-inline' anywhere. An HTML page adds its own nonce for the few <style>
 * elements UI libraries insert at run time (radix's scroll lock), which every build tags with it.
 */
export function contentSecurityPolicy(config: Pick<ApiConfig, 'remotes'> & Partial<Pick<ApiConfig, 'supabase' | 'authStandInUrl' | 'twilio'>>, styleNonce?: string): string {
  const remotes = remoteOrigins(config).join(' ');
  const withRemotes = (...sources: string[]) => [...sources, remotes].filter(Boolean).join(' ');
  // the Auth server is where the browser signs in (its API is fetched from the page): the hosted Supabase project,
  // or the local stand-in on its own origin
  const authUrl = config.supabase?.url ?? config.authStandInUrl;
  const supabase = authUrl ? new URL(authUrl).origin : '';
  // with a real Twilio account the browser's Voice SDK signals over Twilio's WebSockets (its edges are
  // voice-js.<edge>.twilio.com) and reports call quality to Twilio; its ringing sounds come from sdk.twilio.com
  const twilio = config.twilio?.live ? 'https://*.twilio.com wss://*.twilio.com' : carrierSimulatorSources(config.twilio?.simulatorUrl ?? null);
  return [
    `default-src 'self'`,
    `script-src ${withRemotes(`'self'`)}`,
    `style-src ${withRemotes(`'self'`, ...(styleNonce ? [`'nonce-${styleNonce}'`] : []))}`,
    `img-src ${withRemotes(`'self'`, 'data:')}`,
    `font-src ${withRemotes(`'self'`)}`,
    `connect-src ${withRemotes(`'self'`, supabase, twilio)}`,
    // the calling sounds are the dialer remote's own files, played by audio elements; voicemails and greetings are
    // fetched with the session's token and played from blob: URLs of this page
    `media-src ${withRemotes(`'self'`, 'blob:', ...(config.twilio?.live ? ['https://sdk.twilio.com'] : []))}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/** The carrier simulator's origin, where the browser's Voice SDK signals (wss://, or ws:// from a plain-http page). */
function carrierSimulatorSources(simulatorUrl: string | null): string {
  if (simulatorUrl === null) return '';
  const { origin, host, protocol } = new URL(simulatorUrl);
  return `${origin} ${protocol === 'https:' ? 'wss' : 'ws'}://${host}`;
}

/** A fresh nonce for one HTML response (128 random bits, base64). */
export function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}

export const strictTransportSecurity = 'max-age=63072000; includeSubDomains';

/** Served over https: the public URL says so, the TLS-terminating proxy says so, or we terminate TLS ourselves. */
export function isHttps(request: Request, config: Pick<ApiConfig, 'publicUrl'>): boolean {
  if (config.publicUrl.startsWith('https:')) return true;
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  if (forwarded === 'https') return true;
  return request.url.startsWith('https:');
}

/** The headers every answer carries, for `request`. */
export function securityHeadersOf(config: ApiConfig): (request: Request) => Record<string, string> {
  const csp = contentSecurityPolicy(config);
  return (request) => ({
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    ...(isHttps(request, config) ? { 'strict-transport-security': strictTransportSecurity } : {}),
  });
}

export const securityHeaders = (config: ApiConfig) => {
  const headersOf = securityHeadersOf(config);
  return new Elysia({ name: 'plugin.security-headers', seed: config }).onRequest(({ request, set }) => {
    // Set before routing, so Elysia merges them into whatever answers: handler, error or early response.
    Object.assign(set.headers, headersOf(request));
  });
};
