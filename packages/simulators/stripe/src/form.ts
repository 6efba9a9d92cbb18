// Stripe's request encoding, read back: stripe-node sends `application/x-www-form-urlencoded` bodies (and GET
// query strings) with nested keys in brackets, `a[b][c]=v`, and arrays with indexes, `expand[0]=x`
// (stripe-node utils.js `stringifyRequestData`; the qs library's `expand[]=x` is read too). Values are always
// strings: which parameter is an integer, a boolean or an array is the endpoint's business (params.ts), so
// `metadata[0]=x` stays a hash with the key "0".

/** A decoded parameter: a string, or a hash of parameters (arrays arrive as hashes keyed "0", "1", …). */
export type ParamValue = string | ParamHash;
export interface ParamHash {
  [key: string]: ParamValue;
}

/** Thrown for a key whose brackets do not nest cleanly (`a[b`, `a]`), or a key used both as a value and a hash. */
export class FormDecodeError extends Error {
  override readonly name = 'FormDecodeError';

  constructor(readonly key: string) {
    super(`Invalid parameter name: ${key}`);
  }
}

/** `line_items[0][price_data][currency]` → ['line_items', '0', 'price_data', 'currency']. */
export function splitKey(key: string): string[] {
  const open = key.indexOf('[');
  if (open === -1) {
    if (key.includes(']') || key === '') throw new FormDecodeError(key);
    return [key];
  }
  const head = key.slice(0, open);
  if (head === '' || head.includes(']')) throw new FormDecodeError(key);
  const parts = [head];
  let rest = key.slice(open);
  while (rest !== '') {
    const match = /^\[([^[\]]*)\]/.exec(rest);
    if (!match) throw new FormDecodeError(key);
    parts.push(match[1] ?? '');
    rest = rest.slice(match[0].length);
  }
  return parts;
}

/** Decodes a form body or query string (without the leading `?`) into nested hashes. */
export function decodeForm(text: string): ParamHash {
  const root: ParamHash = {};
  if (text === '') return root;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1);
    const key = decodeComponent(rawKey);
    const value = decodeComponent(rawValue);
    const path = splitKey(key);
    let node = root;
    for (let i = 0; i < path.length; i++) {
      let part = path[i] as string;
      const last = i === path.length - 1;
      // `expand[]=a&expand[]=b`: an empty index appends
      if (part === '') {
        if (i === 0) throw new FormDecodeError(key);
        part = String(Object.keys(node).length);
      }
      if (last) {
        if (typeof node[part] === 'object') throw new FormDecodeError(key);
        node[part] = value;
      } else {
        const next = node[part];
        if (next === undefined) {
          const child: ParamHash = {};
          node[part] = child;
          node = child;
        } else if (typeof next === 'string') {
          throw new FormDecodeError(key);
        } else {
          node = next;
        }
      }
    }
  }
  return root;
}

/** `+` is a space in forms; a malformed escape is kept as it came rather than failing the whole request. */
function decodeComponent(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** The params of a hash in a canonical text (sorted keys), to compare two requests' params (idempotency). */
export function canonicalParams(params: ParamHash): string {
  const sort = (value: ParamValue): unknown =>
    typeof value === 'string' ? value : Object.fromEntries(Object.keys(value).sort().map((k) => [k, sort(value[k] as ParamValue)]));
  return JSON.stringify(sort(params));
}
