import { lazy, Suspense } from 'react';
import { homeViewTitles as titles, type HomeView as View } from '@ringwise/routes';
import { PageMeta } from '@ringwise/ui/page-meta';
import { loadWidget } from '../federation/load-widget.ts';
import { RemoteSlot } from '../federation/remote-slot.tsx';
import { loadRemoteComponent } from '../federation/remotes.ts';
import { PageSpinner } from './page-spinner.tsx';

// Settings (and its tabs) is not part of the first load; its remote sections start loading in the same
// moment as its own code, so opening it costs no extra round trip.
const loadSettingsView = () => {
  for (const id of ['billing/widgets/settings-billing', 'numbers/app']) void loadRemoteComponent(id);
  return import(/* webpackChunkName: "view-settings" */ './settings-view.tsx').then((m) => ({ default: m.SettingsView }));
};
const SettingsView = lazy(loadSettingsView);

/** One /home view: which remote fills it is the shell's only concern. */
export function HomeView({ view }: { view: View }) {
  return (
    <>
      <PageMeta
        title={titles[view]}
        description="Your Ringwise calling app."
        canonical={view === 'dialer' ? '/home' : `/home/${view}`}
        noindex
      />
      <ViewContent view={view} />
    </>
  );
}

function ViewContent({ view }: { view: View }) {
  switch (view) {
    case 'dialer':
      return <RemoteSlot remote="dialer" area="Dialer" props={{ view: 'dialer', loadWidget }} />;
    case 'calls':
      return <RemoteSlot remote="dialer" area="Recent Calls" props={{ view: 'calls', loadWidget }} />;
    case 'contacts':
      return <RemoteSlot remote="contacts" area="Contacts" />;
    case 'transactions':
      return <RemoteSlot remote="billing" area="Transactions" props={{ view: 'transactions' }} />;
    case 'rates':
      return <RemoteSlot remote="marketing" area="Rates" props={{ page: 'rates' }} />;
    case 'settings':
      return (
        <Suspense fallback={<PageSpinner />}>
          <SettingsView />
        </Suspense>
      );
  }
}
