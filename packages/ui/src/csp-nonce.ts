// The page's Content-Security-Policy nonce (<meta name="csp-nonce">, set by the api per HTML response), for the
// <style> elements a component renders itself (radix Select's viewport): without it the browser refuses them.
export function cspNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content || undefined;
}
