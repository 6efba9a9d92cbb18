import { useEffect, useState, type ReactNode } from 'react';
import type { HomeView } from '@ringwise/routes';
import { loadWidget } from '../federation/load-widget.ts';
import { RemoteSlot } from '../federation/remote-slot.tsx';
import { AppHeader } from './app-header.tsx';
import { BottomNav } from './bottom-nav.tsx';

/**
 * The frame of the signed-in area: header on top, the view, and the bottom navigation. The dialer's call overlay
 * is mounted once here, outside the views, so the calling device and a call in progress (its modal, its call
 * bar) stay while the user moves between /home views.
 */
export function SignedInShell({ view, children }: { view: HomeView | null; children: ReactNode }) {
  const overlay = useAfterFirstView();
  return (
    <div className="sh:flex sh:min-h-dvh sh:flex-col sh:bg-muted/40">
      <AppHeader />
      <main id="main" className="sh:mx-auto sh:w-full sh:max-w-5xl sh:flex-1 sh:px-4 sh:pb-28 sh:pt-4">
        {children}
      </main>
      <BottomNav view={view} />
      {overlay ? <RemoteSlot remote="dialer" module="widgets/call-overlay" area="Calling" quiet props={{ loadWidget }} /> : null}
    </div>
  );
}

/** Overlay delay: the view (the dialer's keypad) loads and answers first; the calling device follows. */
export const overlayDelayMs = 800;

function useAfterFirstView(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), overlayDelayMs);
    return () => clearTimeout(timer);
  }, []);
  return ready;
}
