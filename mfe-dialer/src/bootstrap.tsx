// Standalone dev page of the dialer remote (development builds only: a production remote is just its container).
// See src/dev/dev-page.tsx for what it shows; ?fake-api answers the api in the page and uses a fake calling
// device (src/dev/fake-api.ts, fake-device.ts). ?view=calls opens Recent Calls.
import { mountStandalone } from '@ringwise/standalone';
import { DevPage } from './dev/dev-page.tsx';

const params = new URLSearchParams(window.location.search);
const fake = params.has('fake-api');
const ready = fake
  ? Promise.all([import('./dev/fake-api.ts'), import('./dev/fake-device.ts'), import('./calling/calling-store.ts'), import('./calling/use-calling.ts')]).then(
      async ([api, device, { createCallingStore }, calling]) => {
        await api.installFakeDialerApi();
        calling.replacePageCallingStore(createCallingStore(calling.browserCallingDeps({ loadDevice: async () => device.createFakeDevice })));
      },
    )
  : Promise.resolve();

void ready.then(() => mountStandalone((props) => <DevPage view={props.view} fake={fake} />));
