// Reading an endpoint's parameters the way Stripe validates them: a missing one is `parameter_missing`, a
// malformed one `parameter_invalid_*` (or Stripe's plain message), and any parameter the endpoint does not
// know is `parameter_unknown` ("Received unknown parameter: x"), so a typo in application code fails here as it
// would against Stripe. Messages follow Stripe's wording where it is known (see the report in stripe-facts.md).
import { invalidRequest, parameterMissing, parameterUnknown } from './errors.ts';
import type { ParamHash, ParamValue } from './form.ts';

export type Metadata = Record<string, string>;

const metadataLimits = { keys: 50, keyLength: 40, valueLength: 500 };

/** Reads one hash of parameters, remembering what was read so that `done()` can refuse the rest. */
export class ParamReader {
  readonly #hash: ParamHash;
  readonly #prefix: string;
  readonly #read = new Set<string>();

  constructor(hash: ParamHash, prefix = '') {
    this.#hash = hash;
    this.#prefix = prefix;
  }

  /** The full name of a parameter, as Stripe reports it in `param`: `line_items[0][quantity]`. */
  name(key: string): string {
    return this.#prefix ? `${this.#prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.#hash[key] !== undefined;
  }

  #take(key: string): ParamValue | undefined {
    this.#read.add(key);
    return this.#hash[key];
  }

  /** Accepts parameters Stripe knows that change nothing here (cosmetic options of the hosted page…). */
  ignore(...keys: string[]): this {
    for (const key of keys) this.#read.add(key);
    return this;
  }

  string(key: string, options: { required?: boolean; max?: number } = {}): string | undefined {
    const value = this.#take(key);
    const param = this.name(key);
    if (value === undefined) {
      if (options.required) throw parameterMissing(param);
      return undefined;
    }
    if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${JSON.stringify(value)}`, { param });
    if (value === '') {
      if (options.required) throw emptyString(param);
      return undefined;
    }
    if (options.max !== undefined && value.length > options.max) {
      throw invalidRequest(`Invalid string: ${value.slice(0, 20)}...; must be at most ${options.max} characters`, { param });
    }
    return value;
  }

  integer(key: string, options: { required?: boolean; min?: number; max?: number } = {}): number | undefined {
    const raw = this.string(key, options.required ? { required: true } : {});
    if (raw === undefined) return undefined;
    const param = this.name(key);
    if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
      throw invalidRequest(`Invalid integer: ${raw}`, { code: 'parameter_invalid_integer', param });
    }
    const value = Number(raw);
    if (options.min !== undefined && value < options.min) {
      throw invalidRequest(`This value must be greater than or equal to ${options.min}.`, { code: 'parameter_invalid_integer', param });
    }
    if (options.max !== undefined && value > options.max) {
      throw invalidRequest(`This value must be less than or equal to ${options.max}.`, { code: 'parameter_invalid_integer', param });
    }
    return value;
  }

  boolean(key: string): boolean | undefined {
    const raw = this.string(key);
    if (raw === undefined) return undefined;
    if (raw === 'true') return true;
    if (raw === 'false') return false;
    throw invalidRequest(`Invalid boolean: ${raw}`, { code: 'parameter_invalid_boolean', param: this.name(key) });
  }

  oneOf<T extends string>(key: string, values: readonly T[], options: { required?: boolean } = {}): T | undefined {
    const raw = this.string(key, options);
    if (raw === undefined) return undefined;
    if ((values as readonly string[]).includes(raw)) return raw as T;
    throw invalidRequest(`Invalid ${this.name(key)}: must be one of ${listWords(values)}`, { param: this.name(key) });
  }

  /** A nested hash, read with its own reader (call its `done()`). */
  hash(key: string, options: { required?: boolean } = {}): ParamReader | undefined {
    const value = this.#take(key);
    const param = this.name(key);
    if (value === undefined || value === '') {
      if (options.required) throw parameterMissing(param);
      return undefined;
    }
    if (typeof value === 'string') throw invalidRequest('Invalid object', { param });
    return new ParamReader(value, param);
  }

  /** An array of hashes (`line_items[0][…]`), each read with its own reader. */
  hashArray(key: string, options: { required?: boolean } = {}): ParamReader[] | undefined {
    return this.#array(key, options)?.map(([value, param]) => {
      if (typeof value === 'string') throw invalidRequest('Invalid object', { param });
      return new ParamReader(value, param);
    });
  }

  /** An array of strings (`expand[0]=x`). */
  stringArray(key: string, options: { required?: boolean } = {}): string[] | undefined {
    return this.#array(key, options)?.map(([value, param]) => {
      if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${JSON.stringify(value)}`, { param });
      return value;
    });
  }

  #array(key: string, options: { required?: boolean }): [ParamValue, string][] | undefined {
    const value = this.#take(key);
    const param = this.name(key);
    if (value === undefined || value === '') {
      if (options.required) throw parameterMissing(param);
      return undefined;
    }
    if (typeof value === 'string') throw invalidRequest('Invalid array', { param });
    const indexes = Object.keys(value);
    if (!indexes.every((index) => /^\d+$/.test(index))) throw invalidRequest('Invalid array', { param });
    return indexes
      .sort((a, b) => Number(a) - Number(b))
      .map((index) => [value[index] as ParamValue, `${param}[${index}]`]);
  }

  /**
   * `metadata[key]=value`: up to 50 keys of 40 characters, values of 500. An empty value removes the key on an
   * update (`''` is returned so the caller can merge), and `metadata=` (empty) clears all: `{}` with `clear`.
   */
  metadata(key = 'metadata'): { set: Metadata; clear: boolean } | undefined {
    const value = this.#take(key);
    const param = this.name(key);
    if (value === undefined) return undefined;
    if (value === '') return { set: {}, clear: true };
    if (typeof value === 'string') throw invalidRequest('Invalid object', { param });
    const set: Metadata = {};
    for (const [name, item] of Object.entries(value)) {
      const itemParam = `${param}[${name}]`;
      if (typeof item !== 'string') throw invalidRequest('Metadata values must be strings.', { param: itemParam });
      if (name.length > metadataLimits.keyLength) {
        throw invalidRequest(`Metadata keys can have up to ${metadataLimits.keyLength} characters, but you passed in a key that is ${name.length} characters.`, { param: itemParam });
      }
      if (item.length > metadataLimits.valueLength) {
        throw invalidRequest(`Metadata values can have up to ${metadataLimits.valueLength} characters, but you passed in a value that is ${item.length} characters.`, { param: itemParam });
      }
      set[name] = item;
    }
    if (Object.keys(set).length > metadataLimits.keys) {
      throw invalidRequest(`You can have up to ${metadataLimits.keys} metadata keys.`, { param });
    }
    return { set, clear: false };
  }

  /** Refuses the first parameter nobody read. */
  done(): void {
    for (const key of Object.keys(this.#hash)) {
      if (!this.#read.has(key)) throw parameterUnknown(this.name(key));
    }
  }
}

/** Metadata as stored on a new object: empty values are dropped. */
export function newMetadata(input: { set: Metadata } | undefined): Metadata {
  return Object.fromEntries(Object.entries(input?.set ?? {}).filter(([, value]) => value !== ''));
}

/** Metadata after an update: merged, empty values remove their key, `metadata=` clears everything. */
export function updatedMetadata(current: Metadata, input: { set: Metadata; clear: boolean } | undefined): Metadata {
  if (input === undefined) return current;
  const base = input.clear ? {} : { ...current };
  for (const [name, value] of Object.entries(input.set)) {
    if (value === '') delete base[name];
    else base[name] = value;
  }
  return base;
}

function emptyString(param: string) {
  return invalidRequest(
    `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. ` +
      `You should remove '${param}' from your request or supply a non-empty value.`,
    { code: 'parameter_invalid_empty', param },
  );
}

/** ['a', 'b', 'c'] → "a, b, or c". */
function listWords(values: readonly string[]): string {
  if (values.length <= 1) return values.join('');
  if (values.length === 2) return `${values[0]} or ${values[1]}`;
  return `${values.slice(0, -1).join(', ')}, or ${values[values.length - 1]}`;
}

/** Validates an absolute http(s) URL parameter (Stripe: url_invalid "Not a valid URL"). */
export function readUrl(reader: ParamReader, key: string, options: { required?: boolean } = {}): string | undefined {
  const value = reader.string(key, { ...options, max: 5000 });
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value.replace(/\{CHECKOUT_SESSION_ID\}/g, 'x'));
  } catch {
    throw invalidRequest('Not a valid URL', { code: 'url_invalid', param: reader.name(key) });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidRequest('Not a valid URL', { code: 'url_invalid', param: reader.name(key) });
  return value;
}

/** `limit`, `starting_after` and `ending_before` of a list endpoint. */
export function readListParams(r: ParamReader) {
  const limit = r.integer('limit', { min: 1, max: 100 }) ?? 10;
  const startingAfter = r.string('starting_after');
  const endingBefore = r.string('ending_before');
  if (startingAfter !== undefined && endingBefore !== undefined) {
    throw invalidRequest('You may only specify one of these parameters: ending_before, starting_after.', { param: 'ending_before' });
  }
  return { limit, ...(startingAfter === undefined ? {} : { startingAfter }), ...(endingBefore === undefined ? {} : { endingBefore }) };
}
