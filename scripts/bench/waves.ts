// Serial waves of a page load: the document is wave 1, and each request is one wave after the request that caused
// it (its initiator as Chromium's DevTools protocol names it: the document or stylesheet that referenced it, or the
// script on top of the call stack that asked for it). The number of waves before a view renders is how many round
// trips stand in a row between the click and the view, whatever the bandwidth.

/** What `Network.requestWillBeSent` says of a request's cause (the parts read here). */
export interface Initiator {
  type: string;
  url?: string;
  stack?: StackTrace;
}

interface StackTrace {
  callFrames: Array<{ url: string }>;
  parent?: StackTrace;
}

export interface SentRequest {
  url: string;
  initiator: Initiator;
}

/** The URL of what caused a request: a referencing document or stylesheet, else the nearest script on its stack
 *  (through async parents: a chunk loaded after an awaited fetch is that fetch's caller's). */
export function causeOf(initiator: Initiator): string | null {
  if (initiator.url) return initiator.url;
  for (let stack = initiator.stack; stack; stack = stack.parent) {
    const frame = stack.callFrames.find((f) => f.url);
    if (frame) return frame.url;
  }
  return null;
}

/** Each request's wave (the first request of each URL counts), the document's being 1. A request whose cause is
 *  unknown or not a request of the page is of wave 2 (the document's code started it). */
export function wavesOf(documentUrl: string, requests: readonly SentRequest[]): Map<string, number> {
  const cause = new Map<string, string | null>();
  for (const request of requests) if (!cause.has(request.url)) cause.set(request.url, causeOf(request.initiator));
  const waves = new Map<string, number>([[documentUrl, 1]]);
  const waveOf = (url: string, seen: Set<string>): number => {
    const known = waves.get(url);
    if (known !== undefined) return known;
    const parent = cause.get(url) ?? null;
    const wave = parent === null || parent === url || seen.has(parent) || !cause.has(parent) && parent !== documentUrl ? 2 : waveOf(parent, seen.add(url)) + 1;
    waves.set(url, wave);
    return wave;
  };
  for (const url of cause.keys()) waveOf(url, new Set());
  return waves;
}
