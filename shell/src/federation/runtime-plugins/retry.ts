// Retries what a flaky network loses: a remote's manifest fetch (up to 3 tries, 200/400 ms apart) and its
// entry script (once more, past any cached failure). A remote that stays down then reaches the fallback.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

const MANIFEST_ATTEMPTS = 3;
const BASE_DELAY_MS = 200;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default function retryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'ringwise-retry',
    async fetch(url, init) {
      let lastError: unknown;
      for (let attempt = 0; attempt < MANIFEST_ATTEMPTS; attempt++) {
        if (attempt > 0) await wait(BASE_DELAY_MS * 2 ** (attempt - 1));
        try {
          const res = await fetch(url, { ...init, cache: attempt > 0 ? 'no-store' : init.cache });
          if (res.status < 500) return res;
          lastError = new Error(`${url} answered ${res.status}`);
        } catch (error) {
          lastError = error;
        }
      }
      throw lastError;
    },
    loadEntryError({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }) {
      // The failed load is still registered as in flight; asking again would just wait for itself.
      delete globalLoading[uniqueKey];
      const retryUrl = (entry: string) => `${entry}${entry.includes('?') ? '&' : '?'}retry=${Date.now()}`;
      const retried = wait(BASE_DELAY_MS)
        .then(() => getRemoteEntry({ origin, remoteInfo, remoteEntryExports, getEntryUrl: retryUrl }))
        .then((entry) => entry || undefined);
      // The hook's declared type nests one promise in another; the runtime awaits whatever comes back.
      return retried as never;
    },
  };
}
