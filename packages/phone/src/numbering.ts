// `@ringwise/phone/numbering`: numbering plans as the rate deck (its seed, its importer, the lookup's tie rule) needs
// them, all derived from libphonenumber-js's maintained "max" metadata (never a hand-typed list), so for the api
// only, like `./types`:
//   * which prefixes (E.164 digits with the calling code) are each country's territory: the calling code
//     for the main country of a code, and for the other countries sharing it (NANP +1, +44 GB/GG/IM/JE,
//     +7 RU/KZ, …) their leading digits, or the shortest prefixes that tell their numbers apart (NANP area
//     codes such as Canada's "1204", "1226", …);
//   * which prefixes are mobile: the leading digits of the country's mobile number pattern, as deep as
//     needed to tell them from its other number types (GB "4471" … "4479").
// The metadata's number patterns are plain regular expressions over digits (groups, alternation,
// classes and counted repeats); `canStartWith` tells whether a pattern's numbers can start with given digits,
// which is all the analysis needs.
import metadata from 'libphonenumber-js/max/metadata';

// ---------------------------------------------------------------------------------------------------------
// Leading digits of a number pattern

/** A number pattern of the metadata, parsed. */
export type DigitPattern =
  | { kind: 'digits'; digits: readonly string[]; mask: number }
  | { kind: 'seq'; items: DigitPattern[] }
  | { kind: 'alt'; options: DigitPattern[] }
  | { kind: 'repeat'; node: DigitPattern; min: number; max: number };

const allDigits = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

function digitsNode(digits: readonly string[]): DigitPattern {
  return { kind: 'digits', digits, mask: digits.reduce((mask, d) => mask | (1 << Number(d)), 0) };
}

/** Parses the regular-expression subset of libphonenumber's patterns; throws on anything else. */
export function parseDigitPattern(pattern: string): DigitPattern {
  let at = 0;
  const fail = (what: string): never => {
    throw new Error(`unsupported number pattern at ${at} (${what}): ${pattern}`);
  };

  function alternation(): DigitPattern {
    const options = [sequence()];
    while (pattern[at] === '|') {
      at++;
      options.push(sequence());
    }
    return options.length === 1 ? options[0]! : { kind: 'alt', options };
  }

  function sequence(): DigitPattern {
    const items: DigitPattern[] = [];
    while (at < pattern.length && pattern[at] !== '|' && pattern[at] !== ')') items.push(quantified(atom()));
    return items.length === 1 ? items[0]! : { kind: 'seq', items };
  }

  function atom(): DigitPattern {
    const c = pattern[at];
    if (c === '(') {
      at += pattern.startsWith('(?:', at) ? 3 : 1;
      const inner = alternation();
      if (pattern[at] !== ')') fail('unclosed group');
      at++;
      return inner;
    }
    if (c === '[') return characterClass();
    if (c === '\\') {
      if (pattern[at + 1] !== 'd') fail('escape');
      at += 2;
      return digitsNode(allDigits);
    }
    if (c !== undefined && c >= '0' && c <= '9') {
      at++;
      return digitsNode([c]);
    }
    return fail(`character ${JSON.stringify(c)}`);
  }

  function characterClass(): DigitPattern {
    at++; // [
    const negated = pattern[at] === '^';
    if (negated) at++;
    const chosen = new Set<string>();
    while (pattern[at] !== ']') {
      const c = pattern[at];
      if (c === undefined) fail('unclosed class');
      if (c === '\\' && pattern[at + 1] === 'd') {
        for (const d of allDigits) chosen.add(d);
        at += 2;
        continue;
      }
      if (!(c! >= '0' && c! <= '9')) fail('class member');
      if (pattern[at + 1] === '-' && pattern[at + 2] !== ']') {
        const to = pattern[at + 2]!;
        for (let d = Number(c); d <= Number(to); d++) chosen.add(String(d));
        at += 3;
      } else {
        chosen.add(c!);
        at++;
      }
    }
    at++; // ]
    return digitsNode(allDigits.filter((d) => chosen.has(d) !== negated));
  }

  function quantified(node: DigitPattern): DigitPattern {
    for (;;) {
      const c = pattern[at];
      if (c === '?') node = { kind: 'repeat', node, min: 0, max: 1 };
      else if (c === '*') node = { kind: 'repeat', node, min: 0, max: Infinity };
      else if (c === '+') node = { kind: 'repeat', node, min: 1, max: Infinity };
      else if (c === '{') {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(at));
        if (!m) return fail('repeat');
        const min = Number(m[1]);
        const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
        node = { kind: 'repeat', node, min, max };
        at += m[0].length - 1;
      } else return node;
      at++;
    }
  }

  const tree = alternation();
  if (at !== pattern.length) fail('trailing input');
  return tree;
}

/** Every way a match of `node` can start, cut to `k` digits: strings shorter than k are whole matches. */
function starts(node: DigitPattern, k: number): Set<string> {
  switch (node.kind) {
    case 'digits':
      return new Set(k === 0 ? [''] : node.digits);
    case 'alt': {
      const out = new Set<string>();
      for (const option of node.options) for (const s of starts(option, k)) out.add(s);
      return out;
    }
    case 'seq': {
      let out = new Set(['']);
      for (const item of node.items) out = concat(out, () => starts(item, k), k);
      return out;
    }
    case 'repeat': {
      const once = starts(node.node, k);
      let power = new Set(['']);
      const out = new Set<string>();
      for (let n = 0; n <= node.max; n++) {
        if (n >= node.min) for (const s of power) out.add(s);
        if (n === node.max) break;
        const next = concat(power, () => once, k);
        // once every string is cut at k (or repeating adds nothing) further repeats change nothing
        if (n >= node.min && sameSet(next, power)) break;
        power = next;
      }
      return out;
    }
  }
}

function concat(left: Set<string>, right: () => Set<string>, k: number): Set<string> {
  const out = new Set<string>();
  let tail: Set<string> | null = null;
  for (const a of left) {
    if (a.length >= k) {
      out.add(a);
      continue;
    }
    tail ??= right();
    for (const b of tail) out.add((a + b).slice(0, k));
  }
  return out;
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

/** The positions of `prefix` (as a bit mask) that matching `node` from the positions `from` can reach; bit
 *  `prefix.length` stands for "the prefix is used up" (whatever follows is free). A small NFA simulation. */
function advance(node: DigitPattern, from: number, prefix: string): number {
  if (from === 0) return 0;
  const end = prefix.length;
  const endBit = 1 << end;
  switch (node.kind) {
    case 'digits': {
      let out = from & endBit;
      for (let at = 0; at < end; at++) {
        if (from & (1 << at) && node.mask & (1 << (prefix.charCodeAt(at) - 48))) out |= 1 << (at + 1);
      }
      return out;
    }
    case 'alt': {
      let out = 0;
      for (const option of node.options) out |= advance(option, from, prefix);
      return out;
    }
    case 'seq': {
      let out = from;
      for (const item of node.items) {
        out = advance(item, out, prefix);
        if (out === 0) break;
      }
      return out;
    }
    case 'repeat': {
      let out = node.min === 0 ? from : 0;
      // positions never decrease and are bounded by the prefix length, so past the minimum count a few more
      // rounds than the prefix is long reach everything (and a round that changes nothing ends it early)
      const rounds = Math.min(node.max, node.min + end + 1);
      let current = from;
      for (let n = 1; n <= rounds && current !== 0; n++) {
        const next = advance(node.node, current, prefix);
        if (n >= node.min) out |= next;
        if (n > node.min && next === current) break;
        current = next;
      }
      return out;
    }
  }
}

const parsed = new Map<string, DigitPattern>();

/** Whether some number matching `pattern` entirely starts with the digits `prefix` (at most 30 digits). */
export function canStartWith(pattern: string, prefix: string): boolean {
  let node = parsed.get(pattern);
  if (!node) {
    node = parseDigitPattern(pattern);
    parsed.set(pattern, node);
  }
  return (advance(node, 1, prefix) & (1 << prefix.length)) !== 0;
}

/** Every whole match of a finite pattern such as a leading-digits pattern ("1481|7(?:781|839|911)"). */
export function finiteMatches(pattern: string, maxLength = 8): string[] {
  const all = starts(parseDigitPattern(pattern), maxLength + 1);
  if ([...all].some((s) => s.length > maxLength)) throw new Error(`pattern is not finite within ${maxLength} digits: ${pattern}`);
  return [...all].sort();
}

// ---------------------------------------------------------------------------------------------------------
// The metadata

/** libphonenumber's compressed country entry: [0] calling code, [10] leading digits, [11] types. */
type CountryMetadata = readonly unknown[];
/** types: [0] fixed line, [1] mobile, [2] toll free, [3] premium rate, [4] personal number, [5] voicemail,
 *  [6] UAN, [7] pager, [8] VoIP, [9] shared cost; each [pattern, possible lengths?] or 0. A mobile pattern of
 *  "" means "the same as fixed line" (the US: a number cannot be told to be mobile). */
type TypeEntry = readonly [string, number[]?] | 0 | undefined;

const meta = metadata as unknown as {
  country_calling_codes: Record<string, string[]>;
  countries: Record<string, CountryMetadata>;
};

function typePattern(country: string, index: number): string | null {
  const types = meta.countries[country]?.[11] as readonly TypeEntry[] | 0 | undefined;
  const entry = types ? types[index] : undefined;
  return entry ? entry[0] : null;
}

/** The main country of every calling code, and the others sharing it (libphonenumber's order: main first). */
export const callingCodeCountries: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries(meta.country_calling_codes).filter(([, countries]) => countries.some((c) => /^[A-Z]{2}$/.test(c))),
);

/** The calling code (digits) of every country libphonenumber knows. */
export const countryCallingCode: ReadonlyMap<string, string> = new Map(
  [...callingCodeCountries].flatMap(([code, countries]) => countries.map((country) => [country, code] as const)),
);

const maxCallingCodeLength = Math.max(...[...callingCodeCountries.keys()].map((c) => c.length));

/** The calling code a digit string starts with (calling codes are prefix-free), or null. */
export function callingCodeOf(digits: string): string | null {
  for (let length = 1; length <= Math.min(maxCallingCodeLength, digits.length); length++) {
    const code = digits.slice(0, length);
    if (callingCodeCountries.has(code)) return code;
  }
  return null;
}

export interface NumberingPlan {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** Digits, e.g. "44". */
  callingCode: string;
  /** Where the country's numbers start, national digits after the calling code: [""] for the main
   *  country of a calling code, its leading digits or area codes for the others ("204", "226", … for CA). */
  territory: string[];
  /** Full prefixes (with the calling code) of the landline rate. */
  landline: string[];
  /** Full prefixes of the mobile rate. A prefix in both lists (the calling code of the US, say) is one whose
   *  numbers cannot be told apart by their first digits: the lookup's tie rule (libphonenumber's type of
   *  the number, else the cheaper rate) decides there. */
  mobile: string[];
}

/** How deep (national digits) mobile prefixes go before a range counts as mixed (left to the tie rule). */
const mobileDepth = 3;
/** How deep a country sharing a calling code may need to go to tell its numbers from the others'. */
const territoryDepth = 6;

// fixed line, toll free, premium, personal, UAN, pager, VoIP, shared cost: what a mobile prefix must not
// also start. Voicemail (5) is left out: those are mobile operators' mailbox numbers (DE 15x, 17x).
const nonMobileTypes = [0, 2, 3, 4, 6, 7, 8, 9];

function unionPattern(country: string, types: readonly number[]): string | null {
  const patterns = types.map((i) => typePattern(country, i)).filter((p): p is string => !!p);
  return patterns.length ? patterns.map((p) => `(?:${p})`).join('|') : null;
}

const has = (pattern: string | null, prefix: string) => pattern !== null && canStartWith(pattern, prefix);

/** The prefixes of `pattern` of exactly `depth` digits. */
function prefixesAt(pattern: string, depth: number, start = ''): string[] {
  if (start.length === depth) return [start];
  return allDigits.filter((d) => has(pattern, start + d)).flatMap((d) => prefixesAt(pattern, depth, start + d));
}

/** The national prefixes that are the territory of a country sharing its calling code: its leading digits
 *  when the metadata has them; else the shortest prefixes of its geographic (fixed-line and mobile)
 *  numbers that no other country of the code has (NANP area codes); else, where the main country's
 *  ranges cover its numbers entirely (+212 EH inside MA's, +590 BL inside GP's), its fixed-line prefixes at
 *  the first depth from 4 digits on that the code's other minor countries do not share. */
function territoryOf(country: string, code: string): string[] {
  const sharing = callingCodeCountries.get(code) ?? [];
  if (sharing[0] === country) return [''];
  const leading = meta.countries[country]?.[10];
  if (typeof leading === 'string' && leading) return finiteMatches(leading);
  const geographic = [0, 1];
  const own = unionPattern(country, geographic);
  if (!own) return [];
  const others = sharing.filter((c) => c !== country).map((c) => unionPattern(c, geographic));
  const found: string[] = [];
  const visit = (prefix: string) => {
    for (const d of allDigits) {
      const next = prefix + d;
      if (!has(own, next)) continue;
      if (!others.some((p) => has(p, next))) found.push(next);
      else if (next.length < territoryDepth) visit(next);
    }
  };
  visit('');
  if (found.length > 0) return found;
  const fixed = typePattern(country, 0);
  if (!fixed) return [];
  const minors = sharing.slice(1).filter((c) => c !== country).map((c) => unionPattern(c, geographic));
  for (let depth = 4; depth <= territoryDepth; depth++) {
    const candidates = prefixesAt(fixed, depth).filter((p) => !minors.some((m) => has(m, p)));
    if (candidates.length > 0) return candidates;
  }
  return [];
}

function planOf(country: string, code: string): NumberingPlan {
  const territory = territoryOf(country, code);
  const mobilePattern = typePattern(country, 1);
  const others = unionPattern(country, nonMobileTypes);
  const landline = new Set<string>();
  const mobile = new Set<string>();
  // a mobile pattern of "" (or none) means mobile numbers cannot be told from landlines (NANP)
  const distinguishable = mobilePattern !== null && mobilePattern !== '' && mobilePattern !== typePattern(country, 0);

  for (const base of territory) {
    const limit = Math.max(base.length + 1, mobileDepth);
    let mixed = !distinguishable;
    const refine = (prefix: string) => {
      if (!has(others, prefix)) mobile.add(code + prefix);
      else if (prefix.length >= limit) mixed = true;
      else for (const d of allDigits) if (has(mobilePattern, prefix + d)) refine(prefix + d);
    };
    if (distinguishable) {
      if (base !== '' && has(mobilePattern, base)) refine(base);
      else for (const d of allDigits) if (has(mobilePattern, base + d)) refine(base + d);
    }
    const mobileOnly = mobile.has(code + base);
    if (!mobileOnly) landline.add(code + base);
    // mobile numbers the first digits cannot tell from the rest: a mobile rate on the base prefix itself
    if (mixed) mobile.add(code + base);
  }
  if (landline.size === 0 && territory[0] !== undefined) landline.add(code + territory[0]);
  // every country gets a mobile rate: where the metadata has no mobile range of its own, on its territory
  if (mobile.size === 0) for (const base of territory) mobile.add(code + base);
  return { country, callingCode: code, territory, landline: [...landline].sort(), mobile: [...mobile].sort() };
}

let plans: NumberingPlan[] | null = null;

/** The numbering plan of every country that has a calling code (computed once per process, ~100 ms). */
export function numberingPlans(): readonly NumberingPlan[] {
  plans ??= [...countryCallingCode].map(([country, code]) => planOf(country, code)).filter((p) => p.territory.length > 0);
  return plans;
}

let territories: Map<string, { country: string; prefix: string }[]> | null = null;

/**
 * The ISO country a rate prefix belongs to: the calling code it starts with (longest match), then for a
 * calling code several countries share, the country whose territory prefix it starts with ("1204…" is
 * CA), else the code's main country ("1" and "1212…" are US). Null when no calling code matches.
 */
export function countryOfPrefix(prefix: string): string | null {
  const code = callingCodeOf(prefix);
  if (code === null) return null;
  const sharing = callingCodeCountries.get(code)!;
  if (sharing.length === 1) return sharing[0]!;
  if (!territories) {
    territories = new Map();
    for (const plan of numberingPlans()) {
      if (plan.territory.length === 1 && plan.territory[0] === '') continue;
      const list = territories.get(plan.callingCode) ?? [];
      for (const base of plan.territory) list.push({ country: plan.country, prefix: plan.callingCode + base });
      territories.set(plan.callingCode, list);
    }
    for (const list of territories.values()) list.sort((a, b) => b.prefix.length - a.prefix.length);
  }
  for (const entry of territories.get(code) ?? []) if (prefix.startsWith(entry.prefix)) return entry.country;
  return sharing[0]!;
}

const decidable = new Map<string, boolean>();

/** Whether libphonenumber can ever call a number of this calling code definitely MOBILE or FIXED_LINE: some
 *  country of the code has a mobile pattern of its own. Not for NANP's US ranges, where it answers
 *  FIXED_LINE_OR_MOBILE; the lookup then skips asking it. */
export function typeCanBeKnown(callingCode: string): boolean {
  let known = decidable.get(callingCode);
  if (known === undefined) {
    known = (callingCodeCountries.get(callingCode) ?? []).some((country) => !!typePattern(country, 1));
    decidable.set(callingCode, known);
  }
  return known;
}
