// The Voice SDK always signals over `wss://<chunderw>/signal`, and a plain-http dev server has no TLS to answer
// it. So on an http page, against the carrier simulator only, the SDK gets a WebSocket that opens exactly that
// address as `ws://` and every other address as given. The SDK's transport (wstransport.ts) takes
// `globalThis.WebSocket` once, when its module is evaluated: the class is put in place for that moment only.

/** Loads under way with the class in place, and the page's own class they replaced. */
let loading = 0;
let pageWebSocket: typeof WebSocket | null = null;

/** Runs `load` (the SDK's import) with the rewriting WebSocket in place when the page needs it. */
export async function withSignallingSocket<T>(chunderw: string | null, load: () => Promise<T>): Promise<T> {
  if (!chunderw || globalThis.location?.protocol !== 'http:') return load();
  // two loads at once (a device closed and started again while the SDK's chunk came): the class goes in once, and
  // the page's own comes back when the last is done (not the rewriting one, which the second would have taken)
  if (loading === 0) {
    const Original = globalThis.WebSocket;
    pageWebSocket = Original;
    const secure = `wss://${chunderw}/signal`;
    const plain = `ws://${chunderw}/signal`;
    globalThis.WebSocket = class SignallingWebSocket extends Original {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(String(url) === secure ? plain : url, protocols);
      }
    };
  }
  loading += 1;
  try {
    return await load();
  } finally {
    loading -= 1;
    if (loading === 0 && pageWebSocket) {
      globalThis.WebSocket = pageWebSocket;
      pageWebSocket = null;
    }
  }
}
