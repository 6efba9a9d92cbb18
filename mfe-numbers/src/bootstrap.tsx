// Standalone dev page of the numbers remote (development builds only: a production remote is just its
// container). See src/dev/dev-page.tsx for what it shows and src/dev/fake-api.ts for ?fake-api.
import { mountStandalone } from '@ringwise/standalone';
import { DevPage } from './dev/dev-page.tsx';

const params = new URLSearchParams(window.location.search);
const ready = params.has('fake-api')
  ? import('./dev/fake-api.ts').then(({ installFakeNumbersApi, resetFakeNumbersApi }) => {
      if (params.has('reset')) {
        resetFakeNumbersApi();
        // once: a reload keeps the state
        params.delete('reset');
        window.history.replaceState(null, '', `?${params.toString()}`);
      }
      return installFakeNumbersApi();
    })
  : Promise.resolve();

void ready.then(() => mountStandalone(DevPage));
