// Another remote's widget inside the dialer. The remotes are built with `disableRemote` (they never load remotes
// themselves) and share the host's federation runtime only in production, so the shell hands its own loader in:
// `loadWidget('<remote>/widgets/<name>')` resolves to the module's default export, or null when it cannot be
// loaded (exposed props of './app' and './widgets/call-overlay'). On the standalone dev page there is no host:
// every widget shows its fallback. Ids and props are typed by the map of exposed modules (@ringwise/apps), so a
// widget's renamed prop breaks the compile here.
import { createContext, startTransition, useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { ExposedComponent, LoadWidget, PropsOf, WidgetId } from '@ringwise/apps/exposed-modules';

export type { LoadWidget };

const WidgetLoaderContext = createContext<LoadWidget | null>(null);
/** The last loader a host handed in, for the parts of this remote mounted without one (the overlay's dialogs). */
let lastLoader: LoadWidget | null = null;
/** Loaded widgets by id, each the component of its own id (see `cached`). */
const loaded = new Map<WidgetId, ComponentType<any> | null>();

/**
 * Other remotes' widgets (From selector, contact picker, suggestions, match) load a moment after the dialer first
 * asks for them, when the page is idle: the keypad renders and answers first, on the shell's and the dialer's own
 * code only (issue: calling, "the dialer stays light"). Later mounts do not wait.
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

/** The widget's component once loaded; undefined while loading, null when unavailable. */
export function useWidget<Id extends WidgetId>(id: Id): ExposedComponent<Id> | null | undefined {
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
    let active = true;
    whenPageIdle()
      .then(() => loader(id))
      .then(
      (result) => {
        // a failed load is not cached: the next mount tries again
        if (result) loaded.set(id, result);
        // rendered in slices (a transition), so the widget's first render never blocks a key press
        if (active) startTransition(() => setComponent(() => result));
      },
      (error: unknown) => {
        console.warn(`[dialer] ${id} could not be loaded`, error);
        if (active) setComponent(null);
      },
    );
    return () => {
      active = false;
    };
  }, [id, loader]);
  return component;
}

/** A component cached under its id is that id's widget (the cache is filled only by `loader(id)`). */
const cached = <Id extends WidgetId>(id: Id) => loaded.get(id) as ExposedComponent<Id> | null | undefined;

export interface RemoteWidgetProps<Id extends WidgetId> {
  /** '<remote>/widgets/<name>', e.g. 'contacts/widgets/contact-match'. */
  id: Id;
  props: PropsOf<Id>;
  /** Shown while it loads and when it cannot be loaded (default nothing). */
  fallback?: ReactNode;
}

/** Renders another remote's widget with `props`, or `fallback`. */
export function RemoteWidget<Id extends WidgetId>({ id, props, fallback = null }: RemoteWidgetProps<Id>) {
  const Component = useWidget(id);
  return Component ? <Component {...props} /> : <>{fallback}</>;
}

/** Tests only. */
export function __resetWidgetsForTests(): void {
  loaded.clear();
  lastLoader = null;
}
