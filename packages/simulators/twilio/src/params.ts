// Reading a request's parameters as Twilio does, and a list page as Twilio renders it.
import { invalidParameter } from './errors.ts';
import type { PageQuery } from './store.ts';

export function readPage(params: URLSearchParams): PageQuery {
  const size = params.get('PageSize');
  const page = params.get('Page');
  const pageSize = size === null ? 50 : Number(size);
  if (!/^\d+$/.test(size ?? '50') || pageSize < 1 || pageSize > 1000) throw invalidParameter('PageSize must be an integer between 1 and 1000');
  if (page !== null && !/^\d+$/.test(page)) throw invalidParameter('Page must be a non-negative integer');
  return { page: page === null ? 0 : Number(page), pageSize };
}

/** A list page as Twilio renders it; `next_page_uri` only when there is one (the SDK follows it). */
export function listPage(key: string, items: unknown[], path: string, params: URLSearchParams, query: PageQuery, more: boolean) {
  const uriOf = (page: number) => {
    const q = new URLSearchParams(params);
    q.delete('PageToken');
    q.set('PageSize', String(query.pageSize));
    q.set('Page', String(page));
    return `${path}?${q.toString()}`;
  };
  const start = query.page * query.pageSize;
  return {
    [key]: items,
    end: items.length === 0 ? start : start + items.length - 1,
    first_page_uri: uriOf(0),
    next_page_uri: more ? uriOf(query.page + 1) : null,
    page: query.page,
    page_size: query.pageSize,
    previous_page_uri: query.page > 0 ? uriOf(query.page - 1) : null,
    start,
    uri: uriOf(query.page),
  };
}

export function optionalText(params: URLSearchParams, name: string, max = 2048): string | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  if (value.length > max) throw invalidParameter(`${name} must be at most ${max} characters long`);
  return value;
}

export function friendlyName(params: URLSearchParams): string | undefined {
  return optionalText(params, 'FriendlyName', 64);
}

export function method(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name);
  if (value === null || value === '') return undefined;
  const upper = value.toUpperCase();
  if (upper !== 'GET' && upper !== 'POST') throw invalidParameter(`${name} must be GET or POST`);
  return upper;
}

export function url(params: URLSearchParams, name: string): string | null | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  if (value === '') return null;
  try {
    const parsed = new URL(value);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return value;
  } catch {
    // answered below
  }
  throw invalidParameter(`${name} is not a valid URL: ${value}`);
}

/** A typed number with its separators removed, when it is E.164-shaped. */
export function e164Shaped(raw: string): string | null {
  const compact = raw.replace(/[\s().-]/g, '');
  return /^\+[1-9]\d{1,14}$/.test(compact) ? compact : null;
}
