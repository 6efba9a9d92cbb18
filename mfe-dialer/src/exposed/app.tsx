import '../styles.css';
import { lazy, Suspense } from 'react';
import { Skeleton } from '@ringwise/ui/skeleton';
import { WidgetLoaderProvider } from '../lib/remote-widgets.tsx';
import type { DialerAppProps } from '@ringwise/apps/exposed/dialer';
import type { ExposedComponent } from '@ringwise/apps/exposed-modules';

export type { DialerAppProps } from '@ringwise/apps/exposed/dialer';

const DialerView = lazy(() => import(/* webpackChunkName: "view-dialer" */ '../features/dialer/dialer-view.tsx').then((m) => ({ default: m.DialerView })));
const RecentCallsView = lazy(() => import(/* webpackChunkName: "view-calls" */ '../features/calls/recent-calls-view.tsx').then((m) => ({ default: m.RecentCallsView })));

function ViewSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="dl:mx-auto dl:flex dl:max-w-sm dl:flex-col dl:gap-3">
      <Skeleton className="dl:h-14 dl:w-full" />
      <Skeleton className="dl:h-64 dl:w-full" />
    </div>
  );
}

/** './app': the dialer (default) and the Recent Calls view. See DialerAppProps in packages/apps/src/exposed/dialer.ts. */
function DialerApp({ view = 'dialer', loadWidget }: DialerAppProps) {
  return (
    <WidgetLoaderProvider loadWidget={loadWidget}>
      <Suspense fallback={<ViewSkeleton />}>{view === 'calls' ? <RecentCallsView /> : <DialerView />}</Suspense>
    </WidgetLoaderProvider>
  );
}

export default DialerApp satisfies ExposedComponent<'dialer/app'>;
