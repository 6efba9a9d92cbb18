// Dev only: what the standalone page renders: the dialer or Recent Calls (as the shell's /home views do) and the
// call overlay (as the signed-in layout does). With ?fake-api the api and the calling device are fakes (see
// fake-api.ts, fake-device.ts), and 'Simulate incoming call' rings the page.
import { useState } from 'react';
import { Button } from '@ringwise/ui/button';
import App from '../exposed/app.tsx';
import CallOverlay from '../exposed/call-overlay.tsx';
import { currentFakeDevice } from './fake-device.ts';

export function DevPage({ view: initial = 'dialer', fake }: { view?: string; fake: boolean }) {
  const [view, setView] = useState<'dialer' | 'calls'>(initial === 'calls' ? 'calls' : 'dialer');
  return (
    <div className="dl:space-y-6 dl:pb-32">
      <header className="dl:flex dl:flex-wrap dl:items-center dl:gap-2 dl:border-b dl:border-border dl:pb-3">
        <h1 className="dl:mr-auto dl:text-xl dl:font-bold">Dialer remote (standalone)</h1>
        <Button size="sm" variant={view === 'dialer' ? 'default' : 'outline'} onClick={() => setView('dialer')}>
          Dialer
        </Button>
        <Button size="sm" variant={view === 'calls' ? 'default' : 'outline'} onClick={() => setView('calls')}>
          Recent Calls
        </Button>
        {fake ? (
          <Button size="sm" variant="outline" onClick={() => currentFakeDevice()?.ring('+447700900123')}>
            Simulate incoming call
          </Button>
        ) : null}
      </header>
      <App view={view} />
      <CallOverlay />
    </div>
  );
}
