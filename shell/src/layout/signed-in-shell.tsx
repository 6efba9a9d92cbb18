import type { ReactNode } from 'react';
import type { HomeView } from '@ringwise/routes';
import { AppHeader } from './app-header.tsx';
import { BottomNav } from './bottom-nav.tsx';

/** The frame of the signed-in area: header on top, the view, and the bottom navigation. */
export function SignedInShell({ view, children }: { view: HomeView | null; children: ReactNode }) {
  return (
    <div className="sh:flex sh:min-h-dvh sh:flex-col sh:bg-muted/40">
      <AppHeader />
      <main id="main" className="sh:mx-auto sh:w-full sh:max-w-5xl sh:flex-1 sh:px-4 sh:pb-28 sh:pt-4">
        {children}
      </main>
      <BottomNav view={view} />
    </div>
  );
}
