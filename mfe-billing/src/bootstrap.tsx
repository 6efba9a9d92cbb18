// Standalone dev page of the billing remote (development builds only: a production remote is just its
// container). See src/dev/dev-page.tsx for the screens and src/dev/fake-api.ts for ?fake-api.
import { mountStandalone } from '@ringwise/standalone';
import { DevPage } from './dev/dev-page.tsx';

const params = new URLSearchParams(window.location.search);
const ready = params.has('fake-api')
  ? import('./dev/fake-api.ts').then(({ installFakeBillingApi, resetFakeBillingApi }) => {
      if (params.has('reset')) {
        resetFakeBillingApi();
        // once: a reload (or the way back from a simulated payment page) keeps the state
        params.delete('reset');
        window.history.replaceState(null, '', `?${params.toString()}`);
      }
      return installFakeBillingApi();
    })
  : Promise.resolve();

void ready.then(() => mountStandalone(DevPage));
