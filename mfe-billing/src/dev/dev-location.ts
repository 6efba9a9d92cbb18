// Dev only: the standalone page is served at "/" only (its scripts are relative), so the app's own location
// (/home/transactions, /checkout?amount=25.00, …) lives in this page's query as ?at=…, next to the page's
// own switches (fake-api, fail, …). Navigating within the app changes ?at= with history.pushState, no reload.
import { useSyncExternalStore } from 'react';

const CHANGE = 'billing-dev-location';
export const DEFAULT_AT = '/home/transactions';

function at(): string {
  return new URLSearchParams(window.location.search).get('at') ?? DEFAULT_AT;
}

/** This page's URL showing `to` (an app path with its query), keeping the page's switches. */
export function devHref(to: string): string {
  const params = new URLSearchParams(window.location.search);
  params.set('at', to);
  return `${window.location.pathname}?${params.toString()}`;
}

function subscribe(callback: () => void): () => void {
  window.addEventListener('popstate', callback);
  window.addEventListener(CHANGE, callback);
  return () => {
    window.removeEventListener('popstate', callback);
    window.removeEventListener(CHANGE, callback);
  };
}

function navigate(to: string, { replace = false }: { replace?: boolean } = {}): void {
  window.history[replace ? 'replaceState' : 'pushState'](null, '', devHref(to));
  window.dispatchEvent(new Event(CHANGE));
}

/** wouter location hook: the path part of ?at=. */
export function useDevLocation(): [string, typeof navigate] {
  const current = useSyncExternalStore(subscribe, at);
  return [current.split('?')[0] ?? DEFAULT_AT, navigate];
}

/** wouter search hook: the query part of ?at=. */
useDevLocation.searchHook = function useDevSearch(): string {
  return useSyncExternalStore(subscribe, () => at().split('?')[1] ?? '');
};
