// Another remote's widget inside the dialer. The remotes are built with `disableRemote` (they never load remotes
// themselves) and share the host's federation runtime only in production, so the shell hands its own loader in:
// `loadWidget('<remote>/widgets/<name>')` resolves to the module's default export, or null when it cannot be
// loaded (exposed props of './app' and './widgets/call-overlay'). On the standalone dev page there is no host:
// every widget shows its fallback. Ids and props are typed by the map of exposed modules (@ringwise/apps), so a
// widget's renamed prop breaks the compile here.
import { createContext, startTransition, useContext, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { toast } from '@ringwise/ui/toast';
import type { ExposedComponent, LoadWidget, PropsOf, WidgetId } from '@ringwise/apps/exposed-modules';

export type { LoadWidget };

const WidgetLoaderContext = createContext<LoadWidget | null>(null);
/** The last loader a host handed in, for the parts of this remote mounted without one (the overlay's dialogs). */
let lastLoader: LoadWidget | null = null;
/** Loaded widgets by id, each the component of its own id (see `cached`). */
const loaded = new Map<WidgetId, ComponentType<any> | null>();

/**
 * Widgets a view shows by itself (the Recent Calls' save buttons, the call's contact name) load a moment after
 * the dialer first asks for them, when the page is idle: the view renders and answers first, on the shell's and
 * the dialer's own code only (issue: calling, "the dialer stays light"). Later mounts do not wait.
 */
export const widgetDelayMs = 600;
let pageIdle: Promise<void> | null = null;
export function whenPageIdle(): Promise<void> {
  pageIdle ??= new Promise<void>((resolve) => {
    const idle = (globalThis as { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number }).requestIdleCallback;
    setTimeout(() => (idle ? idle(() => resolve(), { timeout: 1000 }) : resolve()), widgetDelayMs);
  });
  return pageIdle;
}

export function WidgetLoaderProvider({ loadWidget, children }: { loadWidget: LoadWidget | undefined; children: ReactNode }) {
  if (loadWidget) lastLoader = loadWidget;
  return <WidgetLoaderContext.Provider value={loadWidget ?? null}>{children}</WidgetLoaderContext.Provider>;
}

export function useWidgetLoader(): LoadWidget | null {
  return useContext(WidgetLoaderContext) ?? lastLoader;
}

/** Loads under way or done, by id: a widget asked for twice (a hover, then a click) is fetched once. */
const requests = new Map<WidgetId, Promise<ComponentType<any> | null>>();

function request(loader: LoadWidget, id: WidgetId): Promise<ComponentType<any> | null> {
  let pending = requests.get(id);
  if (!pending) {
    pending = loader(id).then(
      (result) => {
        // a failed load is not kept: the next ask tries again
        if (result) loaded.set(id, result);
        else requests.delete(id);
        return result;
      },
      (error: unknown) => {
        requests.delete(id);
        throw error;
      },
    );
    requests.set(id, pending);
  }
  return pending;
}

/**
 * Starts loading a widget now, without showing it: for the moment a user reaches for a part that is drawn by
 * the dialer until it is used (a pointer over it, the focus on it), so the click finds it loaded.
 */
export function usePreloadWidget(id: WidgetId): () => void {
  const loader = useWidgetLoader();
  return () => {
    if (loader && !loaded.has(id)) request(loader, id).catch(() => {});
  };
}

/** The handlers that start a preload when a pointer, a finger or the focus reaches an element. */
export function preloadOnIntent(preload: () => void) {
  return { onPointerEnter: preload, onFocus: preload, onTouchStart: preload };
}

/**
 * When a widget loads: 'idle' (a view shows it by itself, see whenPageIdle), 'now' (the user asked for it: a
 * dialog, a list opened, a number typed), or false (not yet: the fallback shows and nothing is fetched).
 */
export type WidgetLoad = 'idle' | 'now' | false;

/** The widget's component once loaded; undefined while loading (or not asked for yet), null when unavailable. */
export function useWidget<Id extends WidgetId>(id: Id, load: WidgetLoad = 'idle'): ExposedComponent<Id> | null | undefined {
  const loader = useWidgetLoader();
  const [component, setComponent] = useState<ExposedComponent<Id> | null | undefined>(() => (loaded.has(id) ? cached(id) : loader ? undefined : null));
  useEffect(() => {
    if (!loader) {
      setComponent(null);
      return;
    }
    if (loaded.has(id)) {
      setComponent(() => cached(id) ?? null);
      return;
    }
    if (load === false) return;
    let active = true;
    const started = requests.has(id) || load === 'now' ? Promise.resolve() : whenPageIdle();
    started
      .then(() => request(loader, id))
      .then(
      (result) => {
        // rendered in slices (a transition), so the widget's first render never blocks a key press
        if (active) startTransition(() => setComponent(() => result as ExposedComponent<Id> | null));
      },
      (error: unknown) => {
        console.warn(`[dialer] ${id} could not be loaded`, error);
        if (active) setComponent(null);
      },
    );
    return () => {
      active = false;
    };
  }, [id, loader, load]);
  return component;
}

/** A component cached under its id is that id's widget (the cache is filled only by `loader(id)`). */
const cached = <Id extends WidgetId>(id: Id) => loaded.get(id) as ExposedComponent<Id> | null | undefined;

export interface RemoteWidgetProps<Id extends WidgetId> {
  /** '<remote>/widgets/<name>', e.g. 'contacts/widgets/contact-match'. */
  id: Id;
  props: PropsOf<Id>;
  /** Shown until it is asked for, while it loads and when it cannot be loaded (default nothing). */
  fallback?: ReactNode;
  /** When it loads (default 'idle'). */
  load?: WidgetLoad;
  /** It cannot be loaded (its remote is down, or there is no host): for a widget the user asked for. */
  onUnavailable?: () => void;
}

/** Renders another remote's widget with `props`, or `fallback`. */
export function RemoteWidget<Id extends WidgetId>({ id, props, fallback = null, load = 'idle', onUnavailable }: RemoteWidgetProps<Id>) {
  const Component = useWidget(id, load);
  const unavailable = useRef(onUnavailable);
  unavailable.current = onUnavailable;
  useEffect(() => {
    if (Component === null) unavailable.current?.();
  }, [Component]);
  return Component ? <Component {...props} /> : <>{fallback}</>;
}

/** Tells the user that a part they asked for (another remote's) could not be loaded, e.g. 'Your contacts'. */
export function toastUnavailable(what: string): void {
  toast({ variant: 'destructive', title: 'Unavailable', description: `${what} could not be loaded. Please try again.` });
}

/** Tests only. */
export function __resetWidgetsForTests(): void {
  loaded.clear();
  requests.clear();
  lastLoader = null;
}
