// Where GoTrue sends the browser after an e-mail link, and how it writes the address: the allowed redirect_to
// (else the Referer, else the site), the session or error in the fragment as Go's url.Values.Encode writes it
// (keys sorted, spaces as "+"), and the redirect_to of the link itself.

/** Go's url.QueryEscape: like encodeURIComponent, but also !'()* escaped and a space as "+". */
export function goQueryEscape(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** Go's url.Values.Encode: key=value pairs sorted by key. */
export function goEncode(values: Record<string, string>): string {
  return Object.keys(values)
    .sort()
    .map((key) => `${goQueryEscape(key)}=${goQueryEscape(values[key] ?? '')}`)
    .join('&');
}

const isLoopbackHost = (hostname: string) => hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);

/**
 * GoTrue's IsRedirectURLValid with an empty allow list: the site's own scheme and host (any port on a loopback
 * host, as RFC 8252 wants for native apps), or a loopback IP address.
 */
export function isRedirectUrlValid(siteUrl: string, candidate: string | null | undefined): candidate is string {
  if (!candidate) return false;
  let site: URL;
  let target: URL;
  try {
    site = new URL(siteUrl);
    target = new URL(candidate);
  } catch {
    return false;
  }
  if (site.hostname === target.hostname && site.protocol === target.protocol && (site.port === target.port || isLoopbackHost(target.hostname))) {
    return true;
  }
  return target.hostname !== 'localhost' && isLoopbackHost(target.hostname);
}

/** GoTrue's GetReferrer: the request's redirect_to when allowed, else its Referer when allowed, else the site. */
export function referrer(siteUrl: string, redirectTo: string | null | undefined, referer: string | null | undefined): string {
  if (isRedirectUrlValid(siteUrl, redirectTo)) return redirectTo;
  if (isRedirectUrlValid(siteUrl, referer)) return referer;
  return siteUrl;
}

/** The redirect_to of an e-mail link, as GoTrue writes it: escaped only when it holds "&", "=" or "#". */
export function linkRedirectParam(redirectTo: string): string {
  return /[&=#]/.test(redirectTo) ? goQueryEscape(redirectTo) : redirectTo;
}

/** `url` with its fragment replaced by `values` (and GoTrue's marker `sb`), as prepRedirectURL does. */
export function withFragment(url: string, values: Record<string, string>): string {
  const hash = url.indexOf('#');
  return `${hash === -1 ? url : url.slice(0, hash)}#${goEncode({ ...values, sb: '' })}`;
}
