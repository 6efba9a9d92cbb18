// Runs in every build's runtime (shell and remotes) before any of its modules: the page's CSP nonce
// (from <meta name="csp-nonce">, set by the api per response) becomes this build's __webpack_nonce__, so
// the <style> elements radix inserts (scroll lock of dialogs and menus) carry it and are allowed.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

declare let __webpack_nonce__: string | undefined;

const nonce =
  typeof document === 'undefined'
    ? undefined
    : document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content || undefined;
if (nonce) __webpack_nonce__ = nonce;

export default function cspNoncePlugin(): ModuleFederationRuntimePlugin {
  return { name: 'ringwise-csp-nonce' };
}
