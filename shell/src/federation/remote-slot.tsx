// A place in the page filled by a remote's module. Loading shows a skeleton; a remote that cannot be
// loaded or throws while rendering shows "<Area> is unavailable" with Retry, and nothing else breaks. A remote
// released while the page runs, whose old lazy chunks are gone, is loaded again at its new release in place.
import { Component, startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@ringwise/ui/button';
import { Skeleton } from '@ringwise/ui/skeleton';
import type { ExposedModuleId, ModuleOf, PropsOf } from '@ringwise/apps/exposed-modules';
import type { RemoteKey } from '@ringwise/routes';
import { isChunkLoadError } from './chunk-load-error.ts';
import { isFailedRemoteModule } from './failed-remote.ts';
import { isIncompatibleRemoteError, type IncompatibleRemoteError } from './incompatible-remote.ts';
import { loadRemoteComponent, loadedRemoteComponent, reloadRemote, type RemoteComponent } from './remotes.ts';

/** `props` may be left out exactly when the module has no required prop. */
type PropsField<P> = {} extends P ? { props?: P } : { props: P };

/** The slot of one exposed module; its props are that module's (packages/apps, ExposedModules). */
export type RemoteSlotProps<Key extends RemoteKey, Module extends ModuleOf<Key>> = {
  remote: Key;
  /** The exposed module without './', e.g. 'app' (the default) or 'widgets/settings-billing'. */
  module?: Module;
  /** The area's name as users know it: "Contacts" gives "Contacts is unavailable". */
  area: string;
  /**
   * For a part that draws nothing of its own until needed (the dialer's call overlay): no skeleton while it
   * loads, and nothing (a console warning) instead of the "unavailable" panel when it cannot be loaded.
   */
  quiet?: boolean;
} & PropsField<PropsOf<Extract<`${Key}/${Module}`, ExposedModuleId>>>;

export function RemoteSlot<Key extends RemoteKey, Module extends ModuleOf<Key> = ModuleOf<Key> & 'app'>(slot: RemoteSlotProps<Key, Module>) {
  const { remote, module = 'app', area, quiet = false } = slot;
  // checked against the module's entry by the type above; from here on it is handed to the loaded component as is
  const props = slot.props as Record<string, unknown> | undefined;
  const id = `${remote}/${module}`;
  const [attempt, setAttempt] = useState(0);
  /** The module a chunk recovery moved this slot onto: if that release loses chunks too, the slot shows its fallback. */
  const recoveredOnto = useRef<RemoteComponent | undefined>(undefined);
  const recoverFromLostChunk = (error: unknown): boolean => {
    const failing = loadedRemoteComponent(id);
    if (!isChunkLoadError(error) || !failing || failing === recoveredOnto.current) return false;
    console.warn(`[federation] ${id} lost a chunk to a release; loading its new release`, error);
    reloadRemote(remote)
      .then(() => loadRemoteComponent(id))
      .then(
        (result) => {
          recoveredOnto.current = isFailedRemoteModule(result) ? failing : result;
        },
        (reloadError: unknown) => {
          console.warn(`[federation] ${id} could not be loaded again`, reloadError);
          recoveredOnto.current = failing;
        },
      )
      .finally(() => setAttempt((n) => n + 1));
    return true;
  };
  return (
    <RenderBoundary
      key={`${id}#${attempt}`}
      area={area}
      remote={remote}
      quiet={quiet}
      onRetry={() => setAttempt((n) => n + 1)}
      onChunkLost={recoverFromLostChunk}
    >
      <RemoteLoader
        id={id}
        remote={remote}
        area={area}
        props={props}
        quiet={quiet}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    </RenderBoundary>
  );
}

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; Component: RemoteComponent }
  | { status: 'failed'; refusal?: IncompatibleRemoteError };

function RemoteLoader({
  id,
  remote,
  area,
  props,
  quiet,
  onRetry,
}: {
  id: string;
  remote: RemoteKey;
  area: string;
  props: Record<string, unknown> | undefined;
  quiet: boolean;
  onRetry: () => void;
}) {
  const [state, setState] = useState<LoadState>(() => {
    const Component = loadedRemoteComponent(id);
    return Component ? { status: 'ready', Component } : { status: 'loading' };
  });

  useEffect(() => {
    if (state.status !== 'loading') return;
    let active = true;
    loadRemoteComponent(id).then(
      (result) => {
        if (!active) return;
        // a transition renders the remote's first tree in slices: a phone's main thread is never blocked long
        startTransition(() =>
          setState(
            isFailedRemoteModule(result)
              ? { status: 'failed', refusal: isIncompatibleRemoteError(result.error) ? result.error : undefined }
              : { status: 'ready', Component: result },
          ),
        );
      },
      (error: unknown) => {
        console.warn(`[federation] ${id} failed`, error);
        if (active) setState({ status: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [id, state.status]);

  if (quiet && state.status !== 'ready') return null;
  if (state.status === 'loading') return <RemoteLoading area={area} remote={remote} />;
  if (state.status === 'failed') return <RemoteUnavailable area={area} remote={remote} refusal={state.refusal} onRetry={onRetry} />;
  const { Component } = state;
  return (
    <div data-remote={remote} className="sh:contents">
      <Component {...props} />
    </div>
  );
}

function RemoteLoading({ area, remote }: { area: string; remote: RemoteKey }) {
  return (
    <div role="status" aria-label={`Loading ${area}`} data-remote-loading={remote} className="sh:space-y-3 sh:p-4">
      <Skeleton className="sh:h-6 sh:w-1/3" />
      <Skeleton className="sh:h-24 sh:w-full" />
      <Skeleton className="sh:h-24 sh:w-full" />
    </div>
  );
}

/** What the fallback says: why a refused remote is not shown (another version of Ringwise), else that it failed. */
function unavailableText(area: string, refusal: IncompatibleRemoteError | undefined): { title: string; detail: string } {
  if (refusal?.newer) return { title: `${area} was updated for a newer version of Ringwise`, detail: 'Reload the page to use it.' };
  if (refusal) return { title: `${area} is being updated`, detail: 'It will be back shortly. Everything else keeps working.' };
  return { title: `${area} is unavailable`, detail: 'This part of Ringwise could not be loaded. Everything else keeps working.' };
}

export function RemoteUnavailable({
  area,
  remote,
  refusal,
  onRetry,
}: {
  area: string;
  remote: RemoteKey;
  refusal?: IncompatibleRemoteError;
  onRetry: () => void;
}) {
  const { title, detail } = unavailableText(area, refusal);
  return (
    <div
      role="alert"
      data-remote-fallback={remote}
      className="sh:mx-auto sh:my-6 sh:flex sh:max-w-md sh:flex-col sh:items-center sh:gap-3 sh:rounded-lg sh:border sh:border-border sh:bg-card sh:p-6 sh:text-center"
    >
      <p className="sh:text-base sh:font-semibold">{title}</p>
      <p className="sh:text-sm sh:text-muted-foreground">{detail}</p>
      <Button variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

class RenderBoundary extends Component<
  {
    area: string;
    remote: RemoteKey;
    quiet?: boolean;
    onRetry: () => void;
    /** True when it loads the remote again for this error (a chunk lost to a release): the slot stays a skeleton meanwhile. */
    onChunkLost: (error: unknown) => boolean;
    children: ReactNode;
  },
  { failed: boolean; recovering: boolean }
> {
  override state = { failed: false, recovering: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    // set before the browser paints, so the fallback never shows while the new release loads
    if (this.props.onChunkLost(error)) this.setState({ recovering: true });
    else console.error(`[federation] ${this.props.area} crashed while rendering`, error);
  }

  override render() {
    if (this.state.recovering) return this.props.quiet ? null : <RemoteLoading area={this.props.area} remote={this.props.remote} />;
    if (this.state.failed) {
      if (this.props.quiet) return null;
      return <RemoteUnavailable area={this.props.area} remote={this.props.remote} onRetry={this.props.onRetry} />;
    }
    return this.props.children;
  }
}
