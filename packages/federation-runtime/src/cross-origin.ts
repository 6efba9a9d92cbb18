// The federation runtime adds a remote's remoteEntry.js and the scripts and stylesheets of a module it loads as plain
// elements, while the bundler's chunk loader asks for another origin's files with crossorigin="anonymous". Two modes
// for one file are two downloads, and neither matches the preloads the api writes into the page; so every file from
// another origin is asked for one way: crossorigin="anonymous", like the chunk loader (the remotes serve CORS headers).
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

const isCrossOrigin = (url: string) => typeof location !== 'undefined' && new URL(url, location.href).origin !== location.origin;

function withAttributes<T extends HTMLElement>(element: T, attrs: Record<string, unknown> | undefined): T {
  for (const [name, value] of Object.entries(attrs ?? {})) if (typeof value === 'string') element.setAttribute(name, value);
  return element;
}

export default function crossOriginPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'ringwise-cross-origin',
    createScript({ url, attrs }) {
      if (!isCrossOrigin(url)) return;
      const script = withAttributes(document.createElement('script'), attrs);
      script.crossOrigin = 'anonymous';
      return script;
    },
    createLink({ url, attrs }) {
      if (!isCrossOrigin(url)) return;
      // a link given back is used as it is: it needs its address too
      const link = withAttributes(document.createElement('link'), attrs);
      link.href = url;
      link.crossOrigin = 'anonymous';
      return link;
    },
  };
}
