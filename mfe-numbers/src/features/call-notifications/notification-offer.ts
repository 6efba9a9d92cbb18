// Whether to offer system notifications of incoming calls (issue 36): only to a user who owns a number (the caller
// of this module decides that), only while the browser has not been asked ('default'), and not again after 'Not
// now'. The permission is asked only by turnOn, from the prompt's button: browsers ignore or penalise a request
// made on page load, and Safari iOS has no Notification at all.

/** What this needs of the browser's Notification. */
export interface PermissionSource {
  readonly permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission> | void;
}

export interface NotificationOfferEnv {
  /** null where the browser has no Notification API. */
  Notification: PermissionSource | null;
  /** null where storage is unavailable: 'Not now' then lasts for the page only. */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

export interface NotificationOffer {
  /** Whether the prompt may show. */
  offered(): boolean;
  subscribe(listener: () => void): () => void;
  /** 'Not now': remembered. */
  dismiss(): void;
  /** 'Turn on': the browser's own question; its answer (null without the API). */
  turnOn(): Promise<NotificationPermission | null>;
}

export const dismissedKey = 'ringwise-call-notifications-prompt';

export function createNotificationOffer(env: NotificationOfferEnv): NotificationOffer {
  const listeners = new Set<() => void>();
  let dismissedHere = false;
  let askedHere = false;

  const read = (): boolean => {
    try {
      return env.storage?.getItem(dismissedKey) === 'dismissed';
    } catch {
      return false;
    }
  };
  const announce = () => {
    for (const listener of listeners) listener();
  };

  return {
    offered: () => env.Notification !== null && env.Notification.permission === 'default' && !dismissedHere && !askedHere && !read(),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dismiss() {
      dismissedHere = true;
      try {
        env.storage?.setItem(dismissedKey, 'dismissed');
      } catch {
        // private mode's full storage: not remembered past this page
      }
      announce();
    },
    async turnOn() {
      const source = env.Notification;
      if (!source) return null;
      // asked once per page, whatever the answer (a closed browser prompt leaves 'default')
      askedHere = true;
      announce();
      try {
        // older Safari answers through a callback and returns nothing
        const answer = await source.requestPermission();
        return answer ?? source.permission;
      } catch {
        return source.permission;
      } finally {
        announce();
      }
    },
  };
}

let pageOffer: NotificationOffer | null = null;

/** The page's offer, shared by the settings card and the Virtual Numbers dialog. */
export function pageNotificationOffer(): NotificationOffer {
  pageOffer ??= createNotificationOffer({
    Notification: typeof Notification === 'function' ? Notification : null,
    storage: pageStorage(),
  });
  return pageOffer;
}

function pageStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Tests: the next pageNotificationOffer() reads the browser afresh. */
export function __resetNotificationOfferForTests(): void {
  pageOffer = null;
}
