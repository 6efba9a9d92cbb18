// What a page costs as the browser sees it, for the federation benchmark: the bytes each response really took on
// the wire (Chromium's DevTools protocol), the moment a button is visible, and the page's interactions' latency.
import type { BrowserContext, CDPSession, Page } from '@playwright/test';

export interface Transfer {
  url: string;
  /** The response's Content-Encoding ('' for identity). */
  encoding: string;
  /** The body as it came over the wire (compressed when it was): what the customer's check adds up. */
  bodyBytes: number;
  /** Everything received for it, headers included (DevTools' "Transferred"). */
  wireBytes: number;
}

/**
 * Records every response's transferred size through CDP: Network.loadingFinished's encodedDataLength is all the bytes
 * received for a request (headers and body, as compressed on the wire), and Network.responseReceived's
 * response.encodedDataLength the bytes received by the time its headers were read, so the body is the difference.
 * Not PerformanceResourceTiming.encodedBodySize: it is 0 for another origin's response without Timing-Allow-Origin,
 * and the remotes are served from origins of their own, so it would hide every remote's chunks.
 */
export async function recordTransfers(context: BrowserContext, page: Page): Promise<{ transfers: () => Map<string, Transfer>; cdp: CDPSession }> {
  const cdp = await context.newCDPSession(page);
  const started = new Map<string, { url: string; headerBytes: number; encoding: string }>();
  const done = new Map<string, Transfer>();
  cdp.on('Network.requestWillBeSent', (event) => started.set(event.requestId, { url: event.request.url, headerBytes: 0, encoding: '' }));
  cdp.on('Network.responseReceived', (event) => {
    const request = started.get(event.requestId);
    if (!request) return;
    request.headerBytes = event.response.encodedDataLength;
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
    request.encoding = headers['content-encoding'] ?? '';
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = started.get(event.requestId);
    if (!request) return;
    // a URL asked for twice (a preload, then the chunk loader) is one download; keep the one that moved bytes
    const transfer = { url: request.url, encoding: request.encoding, bodyBytes: event.encodedDataLength - request.headerBytes, wireBytes: event.encodedDataLength };
    const before = done.get(request.url);
    if (!before || before.wireBytes < transfer.wireBytes) done.set(request.url, transfer);
  });
  await cdp.send('Network.enable');
  return { transfers: () => done, cdp };
}

declare global {
  interface Window {
    __visibleAt?: number;
    __interactions?: { id: number; name: string; target: string; duration: number; startTime: number }[];
  }
}

/**
 * Init script: window.__visibleAt is set in the first animation frame in which the keypad's "1" key is laid out on
 * screen with every stylesheet of the page loaded, i.e. the frame that paints it as the user sees it.
 */
export function watchKeypadVisible(): void {
  const key = () =>
    [...document.querySelectorAll('[role="group"][aria-label="Keypad"] button')].find((b) => (b.textContent ?? '').trim().startsWith('1')) ?? null;
  const styled = () => [...document.querySelectorAll('link[rel="stylesheet"]')].every((link) => (link as HTMLLinkElement).sheet !== null);
  const check = () => {
    const button = key();
    if (button && styled()) {
      const box = button.getBoundingClientRect();
      const style = getComputedStyle(button);
      if (box.width > 0 && box.height > 0 && box.top < innerHeight && style.visibility === 'visible' && Number(style.opacity) > 0) {
        window.__visibleAt = performance.now();
        return;
      }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/**
 * Init script: every interaction's latency as INP counts it, from the Event Timing API ('event' entries over 16 ms, the
 * smallest threshold, grouped by interactionId, the longest entry of each), with the button it was on.
 */
export function observeInteractions(): void {
  const byId = new Map<number, { id: number; name: string; target: string; duration: number; startTime: number }>();
  window.__interactions = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      if (!entry.interactionId) continue;
      const button = entry.target instanceof Element ? entry.target.closest('button') : null;
      const target = button ? button.getAttribute('aria-label') || (button.textContent ?? '').trim() : '';
      const known = byId.get(entry.interactionId);
      if (known && known.duration >= entry.duration) continue;
      byId.set(entry.interactionId, { id: entry.interactionId, name: entry.name, target: target || known?.target || '', duration: entry.duration, startTime: entry.startTime });
      window.__interactions = [...byId.values()];
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

export const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;
