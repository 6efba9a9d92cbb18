// An incoming call while the page is in the background (issue 36): the tab's title names the caller and a system
// notification shows, both gone once the call stops ringing (answered, declined, cancelled, answered in another
// tab). It never asks for the permission (mfe-numbers does, when the user asks to) and never throws where the
// Notification API is missing or refuses (Safari iOS, Android Chrome's page-made notifications, happy-dom).
import { loadPhoneFormat } from '@ringwise/phone/display';
import type { CallingSnapshot } from './calling-state.ts';

/** What a notice needs of a Notification (the DOM's, or a test's). */
export interface NoticeNotification {
  onclick: ((event: Event) => void) | null;
  close(): void;
}

export interface NoticeNotificationConstructor {
  new (title: string, options?: NotificationOptions): NoticeNotification;
  readonly permission: NotificationPermission;
}

export interface IncomingNoticeEnv {
  document: Pick<Document, 'title' | 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  /** null where the browser has no Notification API. */
  Notification: NoticeNotificationConstructor | null;
  /** Brings the tab to the front (window.focus). */
  focus(): void;
  /** The caller as every screen shows them. */
  format(number: string): Promise<string>;
}

export interface IncomingNotice {
  /** A call from `caller` (E.164, or null when unknown) rings. */
  ring(caller: string | null): void;
  /** It stopped ringing. */
  stop(): void;
}

export const unknownCaller = 'Unknown caller';
/** One tag: a second tab's (or a second call's) notification replaces the first instead of stacking. */
export const incomingNoticeTag = 'ringwise-incoming-call';

export const incomingTitle = (caller: string) => `Incoming call from ${caller} · Ringwise`;

export function createIncomingNotice(env: IncomingNoticeEnv): IncomingNotice {
  const { document } = env;
  /** Each ring and stop starts a new one: a caller's formatting that resolves late belongs to an older one. */
  let generation = 0;
  let caller: string | null = null;
  let ringing = false;
  let shown = false;
  let savedTitle: string | null = null;
  let ownTitle: string | null = null;
  let notification: NoticeNotification | null = null;

  const hidden = () => document.visibilityState !== 'visible';

  function show() {
    if (!ringing || shown || !hidden() || caller === null) return;
    shown = true;
    savedTitle = document.title;
    ownTitle = incomingTitle(caller);
    document.title = ownTitle;
    notification = notify(caller);
  }

  function notify(name: string): NoticeNotification | null {
    const Notice = env.Notification;
    if (!Notice || Notice.permission !== 'granted') return null;
    try {
      const made = new Notice(`Incoming call from ${name}`, { body: 'Open Ringwise to answer.', tag: incomingNoticeTag, requireInteraction: true });
      made.onclick = () => {
        env.focus();
        made.close();
      };
      return made;
    } catch {
      // Android Chrome allows only a service worker's notifications: the title still says who is calling
      return null;
    }
  }

  function clear() {
    document.removeEventListener('visibilitychange', onVisibility);
    if (notification) {
      try {
        notification.close();
      } catch {
        // already gone
      }
    }
    notification = null;
    // a title set meanwhile by someone else (the page moved on) is the newer one
    if (shown && savedTitle !== null && document.title === ownTitle) document.title = savedTitle;
    shown = false;
    savedTitle = null;
    ownTitle = null;
  }

  function onVisibility() {
    show();
  }

  return {
    ring(number) {
      clear();
      const ring = ++generation;
      ringing = true;
      caller = null;
      // the tab may go to the background while it rings
      document.addEventListener('visibilitychange', onVisibility);
      const named = number ? env.format(number).catch(() => number) : Promise.resolve(unknownCaller);
      void named.then((name) => {
        if (ring !== generation) return;
        caller = name;
        show();
      });
    },
    stop() {
      generation += 1;
      ringing = false;
      caller = null;
      clear();
    },
  };
}

/** The key of the call ringing in `snapshot` (its SID), or null when none does. */
function ringingKey(snapshot: CallingSnapshot): string | null {
  const { call } = snapshot;
  return call.hasActiveCall && call.incomingPending ? (call.callSid ?? 'ringing') : null;
}

/** Rings `notice` while the store's incoming call rings; returns the stop (which stops the notice too). */
export function followIncomingCalls(store: { getSnapshot(): CallingSnapshot; subscribe(listener: () => void): () => void }, notice: IncomingNotice): () => void {
  let current: string | null = null;
  const update = () => {
    const snapshot = store.getSnapshot();
    const key = ringingKey(snapshot);
    if (key === current) return;
    if (current !== null) notice.stop();
    current = key;
    if (key !== null) notice.ring(snapshot.call.to);
  };
  const unsubscribe = store.subscribe(update);
  update();
  return () => {
    unsubscribe();
    if (current !== null) notice.stop();
    current = null;
  };
}

/** The page's notice: its document, the browser's Notification (if any), the phone package's display. */
export function browserIncomingNotice(): IncomingNotice {
  return createIncomingNotice({
    document,
    Notification: typeof Notification === 'function' ? Notification : null,
    focus: () => window.focus(),
    format: (number) => loadPhoneFormat().then((formats) => formats.number(number)),
  });
}
