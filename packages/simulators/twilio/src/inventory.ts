// The simulator's stock of phone numbers: what AvailablePhoneNumbers offers and IncomingPhoneNumbers sells.
//
// There is no list of numbers. The catalogue says which kinds of number are on sale in a country (catalogue.ts),
// and the numbers on offer are made up from the country's numbering plan: libphonenumber's "max" metadata holds,
// per country and line type, the regular expression every national number of that type matches
// (`linePlanOf` of @ringwise/phone/types). A small generator walks that expression with a seeded PRNG (seeded by country,
// type and filters, so the same search gives the same numbers), with the digits a filter fixes (AreaCode, the
// `Contains` pattern) forced at their positions, and every number it makes is checked again with libphonenumber
// (valid, of that country, of that type). So any pattern a real numbering plan allows finds numbers, and none a
// plan forbids is ever offered. Numbers already bought are left out by the caller.
import { lineOf, linePlanOf } from '@ringwise/phone/types';
import { lineTypesOf, type NumberType } from './catalogue.ts';

/** Twilio's resource names of the three searches, and our number types. */
export const searchTypes = { Local: 'local', Mobile: 'mobile', TollFree: 'toll-free' } as const satisfies Record<string, NumberType>;
export type SearchType = keyof typeof searchTypes;

/** The metadata type whose pattern the numbers of a virtual number type are made from. */
const patternTypeOf: Record<NumberType, 'FIXED_LINE' | 'MOBILE' | 'TOLL_FREE'> = { local: 'FIXED_LINE', mobile: 'MOBILE', 'toll-free': 'TOLL_FREE' };

// ── Contains patterns ─────────────────────────────────────────────────────────────────────────────────────

/**
 * A `Contains` pattern, read as Twilio documents it: 2–16 characters of [0-9A-Za-z] (letters are keypad digits,
 * STORM = 78676), `*` one digit, `%` any run of digits, a leading `+` anchors the start (the pattern then begins
 * with the calling code: `+4420%` = starts with 44 20), a trailing `$` anchors the end; unanchored, it matches
 * anywhere in the E.164 digits. Wildcards only around the characters, never between them or next to `+`/`$`.
 * Deviation, on purpose: a run of `*` is accepted (`555****`), as Twilio's own examples use one.
 */
export interface ContainsPattern {
  /** The characters as digits. */
  core: string;
  anchorStart: boolean;
  anchorEnd: boolean;
  /** What may come before the characters: nothing (`''`), exactly n digits (`'*'` n times) or any run (`'%'`). */
  before: string;
  after: string;
  /** Tests the E.164 digits (without `+`). */
  regex: RegExp;
}

const keypad: Record<string, string> = Object.fromEntries(
  ['ABC', 'DEF', 'GHI', 'JKL', 'MNO', 'PQRS', 'TUV', 'WXYZ'].flatMap((letters, i) => [...letters].map((letter) => [letter, String(i + 2)])),
);

export class PatternError extends Error {
  override readonly name = 'PatternError';
}

export function parseContains(raw: string): ContainsPattern {
  const match = /^(\+)?(%|\*+)?([0-9A-Za-z]+)(%|\*+)?(\$)?$/.exec(raw);
  if (!match) throw new PatternError(`Contains pattern '${raw}' is invalid: use 2 to 16 of 0-9 and A-Z, with * or % only before or after them, + at the start or $ at the end.`);
  const [, plus, before = '', chars = '', after = '', dollar] = match;
  if (chars.length < 2 || chars.length > 16) throw new PatternError(`Contains pattern '${raw}' is invalid: it needs 2 to 16 characters of 0-9 and A-Z.`);
  if ((plus && before) || (dollar && after)) throw new PatternError(`Contains pattern '${raw}' is invalid: a wildcard cannot be next to + or $.`);
  const core = [...chars.toUpperCase()].map((c) => keypad[c] ?? c).join('');
  const wildcard = (w: string) => (w === '%' ? '\\d*' : w ? `\\d{${w.length}}` : '');
  const regex = new RegExp(`${plus ? '^' : ''}${wildcard(before)}${core}${wildcard(after)}${dollar ? '$' : ''}`);
  return { core, anchorStart: Boolean(plus), anchorEnd: Boolean(dollar), before, after, regex };
}

/** Where the pattern's characters may start in E.164 digits of this length. */
function offsetsOf(pattern: ContainsPattern, length: number): number[] {
  const last = length - pattern.core.length;
  const offsets: number[] = [];
  for (let offset = 0; offset <= last; offset++) {
    if (pattern.anchorStart && offset !== 0) continue;
    if (pattern.before.startsWith('*') && offset < pattern.before.length) continue;
    if (pattern.anchorEnd && offset !== last) continue;
    if (pattern.after.startsWith('*') && offset + pattern.core.length + pattern.after.length > length) continue;
    offsets.push(offset);
  }
  return offsets;
}

// ── The numbering plan's regular expressions ──────────────────────────────────────────────────────────────

type Node =
  | { kind: 'digits'; mask: number }
  | { kind: 'seq'; items: Node[] }
  | { kind: 'alt'; options: Node[] }
  | { kind: 'rep'; node: Node; min: number; max: number };

/** Reads the subset of regular expressions libphonenumber's metadata uses: digits, [classes], \d, (?:…|…), ?, {n,m}. */
export function parsePlanPattern(source: string): Node {
  let at = 0;
  const fail = (): never => {
    throw new Error(`unsupported numbering plan pattern at ${at}: ${source}`);
  };
  const alternation = (): Node => {
    const options = [sequence()];
    while (source[at] === '|') {
      at++;
      options.push(sequence());
    }
    return options.length === 1 ? (options[0] as Node) : { kind: 'alt', options };
  };
  const sequence = (): Node => {
    const items: Node[] = [];
    while (at < source.length && source[at] !== '|' && source[at] !== ')') items.push(quantified(atom()));
    return { kind: 'seq', items };
  };
  const atom = (): Node => {
    const c = source[at];
    if (c === '(') {
      at += source.startsWith('(?:', at) ? 3 : 1;
      const inner = alternation();
      if (source[at] !== ')') fail();
      at++;
      return inner;
    }
    if (c === '[') {
      at++;
      let mask = 0;
      while (source[at] !== ']') {
        const from = readClassDigit();
        if (source[at] === '-' && source[at + 1] !== ']') {
          at++;
          const to = readClassDigit();
          for (let d = from; d <= to; d++) mask |= 1 << d;
        } else if (from === -1) mask |= 0x3ff;
        else mask |= 1 << from;
      }
      at++;
      return { kind: 'digits', mask };
    }
    if (c === '\\' && source[at + 1] === 'd') {
      at += 2;
      return { kind: 'digits', mask: 0x3ff };
    }
    if (c !== undefined && c >= '0' && c <= '9') {
      at++;
      return { kind: 'digits', mask: 1 << Number(c) };
    }
    return fail();
  };
  /** A digit in a class, or -1 for \d. */
  const readClassDigit = (): number => {
    const c = source[at];
    if (c === '\\' && source[at + 1] === 'd') {
      at += 2;
      return -1;
    }
    if (c === undefined || c < '0' || c > '9') fail();
    at++;
    return Number(c);
  };
  const quantified = (node: Node): Node => {
    const c = source[at];
    if (c === '?') {
      at++;
      return { kind: 'rep', node, min: 0, max: 1 };
    }
    if (c === '*' || c === '+') {
      at++;
      return { kind: 'rep', node, min: c === '+' ? 1 : 0, max: 17 };
    }
    if (c === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(at));
      if (!match) fail();
      at += (match as RegExpExecArray)[0].length;
      const min = Number(match?.[1]);
      const max = match?.[2] === undefined ? min : match[3] ? Number(match[3]) : 17;
      return { kind: 'rep', node, min, max };
    }
    return node;
  };
  const root = alternation();
  if (at !== source.length) fail();
  return root;
}

const minLengths = new WeakMap<Node, number>();

function minLength(node: Node): number {
  const known = minLengths.get(node);
  if (known !== undefined) return known;
  let length: number;
  switch (node.kind) {
    case 'digits':
      length = 1;
      break;
    case 'seq':
      length = node.items.reduce((sum, item) => sum + minLength(item), 0);
      break;
    case 'alt':
      length = Math.min(...node.options.map(minLength));
      break;
    case 'rep':
      length = node.min * minLength(node.node);
      break;
  }
  minLengths.set(node, length);
  return length;
}

/** mulberry32: a tiny deterministic PRNG (uniform in [0, 1)). */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of a string: the PRNG's seed. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const digitsOf = (mask: number) => [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => mask & (1 << d));

/**
 * A random string of exactly `length` digits matching `root`, each position's digit within `allowed[position]`
 * (a bit mask), or null when none was found within the step budget. Randomised backtracking: every choice (a
 * digit, a branch, a repeat count) is tried in PRNG order.
 */
export function generateMatch(root: Node, length: number, allowed: readonly number[], random: () => number, budget = 4000): string | null {
  const out: number[] = Array.from({ length }, () => 0);
  let steps = 0;
  const walk = (node: Node, pos: number, minAfter: number, next: (pos: number) => boolean): boolean => {
    if (++steps > budget || pos + minLength(node) + minAfter > length) return false;
    switch (node.kind) {
      case 'digits': {
        const mask = node.mask & (allowed[pos] ?? 0);
        for (const digit of shuffled(digitsOf(mask), random)) {
          out[pos] = digit;
          if (next(pos + 1)) return true;
          if (steps > budget) return false;
        }
        return false;
      }
      case 'seq': {
        const rest: number[] = Array.from({ length: node.items.length + 1 }, () => minAfter);
        for (let i = node.items.length - 1; i >= 0; i--) rest[i] = (rest[i + 1] as number) + minLength(node.items[i] as Node);
        const go = (i: number, at: number): boolean =>
          i === node.items.length ? next(at) : walk(node.items[i] as Node, at, rest[i + 1] as number, (after) => go(i + 1, after));
        return go(0, pos);
      }
      case 'alt':
        return shuffled(node.options, random).some((option) => walk(option, pos, minAfter, next));
      case 'rep': {
        const counts: number[] = [];
        for (let count = node.min; count <= node.max && pos + count * minLength(node.node) + minAfter <= length; count++) counts.push(count);
        return shuffled(counts, random).some((count) => {
          const go = (i: number, at: number): boolean =>
            i === count ? next(at) : walk(node.node, at, minAfter + (count - i - 1) * minLength(node.node), (after) => go(i + 1, after));
          return go(0, pos);
        });
      }
    }
  };
  return walk(root, 0, 0, (end) => end === length) ? out.join('') : null;
}

// ── Searching ─────────────────────────────────────────────────────────────────────────────────────────────

interface Plan {
  callingCode: string;
  pattern: Node;
  lengths: number[];
}

const plans = new Map<string, Plan | null>();

/** The calling code, type pattern and national lengths of a country's numbers of a type (cached). */
function planOf(country: string, type: NumberType): Plan | null {
  const key = `${country}:${type}`;
  if (plans.has(key)) return plans.get(key) ?? null;
  const linePlan = linePlanOf(country, patternTypeOf[type]);
  const plan = linePlan && { callingCode: linePlan.callingCode.slice(1), pattern: parsePlanPattern(linePlan.pattern), lengths: linePlan.possibleLengths };
  plans.set(key, plan);
  return plan;
}

export interface SearchFilters {
  /** National leading digits (the NANP area code). */
  areaCode?: string;
  contains?: ContainsPattern;
  /** Its raw text, for the seed. */
  containsText?: string;
}

/**
 * Up to `limit` numbers of a country and type matching the filters, in a deterministic order, none of
 * `exclude` (numbers already bought). Every one is valid for the country and type by libphonenumber.
 */
export function searchInventory(country: string, type: NumberType, filters: SearchFilters, limit: number, exclude: ReadonlySet<string> = new Set()): string[] {
  const plan = planOf(country, type);
  if (!plan || limit <= 0) return [];
  const random = prng(seedOf(`${country}|${type}|${filters.areaCode ?? ''}|${filters.containsText ?? ''}`));
  const cc = plan.callingCode;
  // the placements of the fixed digits a number can have: (national length, offset of the Contains characters)
  const placements: { length: number; allowed: number[] }[] = [];
  for (const length of plan.lengths) {
    const base: number[] = Array.from({ length }, () => 0x3ff);
    if (filters.areaCode) {
      if (filters.areaCode.length > length) continue;
      [...filters.areaCode].forEach((digit, i) => (base[i] = 1 << Number(digit)));
    }
    const e164Length = cc.length + length;
    const offsets = filters.contains ? offsetsOf(filters.contains, e164Length) : [null];
    for (const offset of offsets) {
      const allowed = [...base];
      let possible = true;
      if (offset !== null && filters.contains) {
        [...filters.contains.core].forEach((digit, i) => {
          const at = offset + i;
          const bit = 1 << Number(digit);
          if (at < cc.length) {
            if (cc[at] !== digit) possible = false;
          } else {
            const national = at - cc.length;
            allowed[national] = (allowed[national] as number) & bit;
            if (allowed[national] === 0) possible = false;
          }
        });
      }
      if (possible) placements.push({ length, allowed });
    }
  }
  if (placements.length === 0) return [];
  const found: string[] = [];
  const seen = new Set<string>();
  const lineTypes = lineTypesOf[type];
  // each attempt picks a placement; placements that never give a number are dropped after a few tries
  const misses = new Map<number, number>();
  const attempts = limit * 6 + 60;
  for (let attempt = 0; attempt < attempts && found.length < limit; attempt++) {
    const live = placements.map((_, i) => i).filter((i) => (misses.get(i) ?? 0) < 4);
    if (live.length === 0) break;
    const index = live[Math.floor(random() * live.length)] as number;
    const placement = placements[index] as (typeof placements)[number];
    const national = generateMatch(plan.pattern, placement.length, placement.allowed, random);
    if (national === null) {
      misses.set(index, (misses.get(index) ?? 0) + 1);
      continue;
    }
    const e164 = `+${cc}${national}`;
    if (seen.has(e164)) continue;
    seen.add(e164);
    if (exclude.has(e164)) continue;
    if (filters.contains && !filters.contains.regex.test(e164.slice(1))) continue;
    const line = lineOf(e164);
    // NANP toll-free numbers are shared by the plan's countries (libphonenumber names them US): made from this
    // country's own pattern, they are this country's
    const shared = type === 'toll-free' && line !== null && linePlanOf(line.country, 'TOLL_FREE')?.callingCode === `+${cc}`;
    if (!line || (line.country !== country && !shared) || !lineTypes.includes(line.type)) continue;
    found.push(e164);
  }
  return found;
}

// ── What a number's listing says ──────────────────────────────────────────────────────────────────────────

export interface Locality {
  locality: string;
  region: string;
  rateCenter: string;
  lata: string;
  latitude: string;
  longitude: string;
  postalCode: string;
}

const place = (locality: string, region: string, lata: string, latitude: string, longitude: string, postalCode: string): Locality => ({
  locality,
  region,
  rateCenter: locality.toUpperCase().replace(/[^A-Z]/g, '').slice(0, 10),
  lata,
  latitude,
  longitude,
  postalCode,
});

/** Well-known NANP area codes (US and Canada) → where their numbers are; other area codes have no locality. */
export const nanpLocalities: Readonly<Record<string, Locality>> = {
  '202': place('Washington', 'DC', '236', '38.895100', '-77.036400', '20001'),
  '206': place('Seattle', 'WA', '674', '47.606200', '-122.332100', '98101'),
  '212': place('New York', 'NY', '132', '40.712800', '-74.006000', '10001'),
  '213': place('Los Angeles', 'CA', '730', '34.052200', '-118.243700', '90012'),
  '214': place('Dallas', 'TX', '552', '32.776700', '-96.797000', '75201'),
  '303': place('Denver', 'CO', '656', '39.739200', '-104.990300', '80202'),
  '305': place('Miami', 'FL', '460', '25.761700', '-80.191800', '33131'),
  '310': place('Los Angeles', 'CA', '730', '34.052200', '-118.243700', '90024'),
  '312': place('Chicago', 'IL', '358', '41.878100', '-87.629800', '60601'),
  '404': place('Atlanta', 'GA', '438', '33.749000', '-84.388000', '30303'),
  '415': place('San Francisco', 'CA', '722', '37.774900', '-122.419400', '94103'),
  '512': place('Austin', 'TX', '558', '30.267200', '-97.743100', '78701'),
  '503': place('Portland', 'OR', '672', '45.515200', '-122.678400', '97201'),
  '602': place('Phoenix', 'AZ', '666', '33.448400', '-112.074000', '85003'),
  '617': place('Boston', 'MA', '128', '42.360100', '-71.058900', '02108'),
  '646': place('New York', 'NY', '132', '40.712800', '-74.006000', '10011'),
  '702': place('Las Vegas', 'NV', '721', '36.169900', '-115.139800', '89101'),
  '713': place('Houston', 'TX', '560', '29.760400', '-95.369800', '77002'),
  '718': place('Brooklyn', 'NY', '132', '40.678200', '-73.944200', '11201'),
  '917': place('New York', 'NY', '132', '40.712800', '-74.006000', '10001'),
  '403': place('Calgary', 'AB', '888', '51.044700', '-114.071900', 'T2P'),
  '416': place('Toronto', 'ON', '888', '43.653200', '-79.383200', 'M5H'),
  '514': place('Montreal', 'QC', '888', '45.501700', '-73.567300', 'H2Y'),
  '604': place('Vancouver', 'BC', '888', '49.282700', '-123.120700', 'V6B'),
  '613': place('Ottawa', 'ON', '888', '45.421500', '-75.697200', 'K1P'),
  '647': place('Toronto', 'ON', '888', '43.653200', '-79.383200', 'M5V'),
};

/** The locality of a number: NANP area codes from the table above, nothing elsewhere. */
export function localityOf(e164: string): Locality | null {
  return e164.startsWith('+1') ? (nanpLocalities[e164.slice(2, 5)] ?? null) : null;
}

export interface Capabilities {
  voice: boolean;
  sms: boolean;
  mms: boolean;
  fax: boolean;
}

/** Voice everywhere; SMS on NANP numbers and mobiles; MMS on NANP local numbers; never fax. */
export function capabilitiesOf(country: string, type: NumberType): Capabilities {
  const nanp = country === 'US' || country === 'CA';
  return { voice: true, sms: nanp || type === 'mobile', mms: nanp && type === 'local', fax: false };
}

/** How Twilio names a number: "(212) 555-0123" in NANP, the E.164 elsewhere. */
export function friendlyNameOf(e164: string): string {
  const nanp = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return nanp ? `(${nanp[1]}) ${nanp[2]}-${nanp[3]}` : e164;
}
