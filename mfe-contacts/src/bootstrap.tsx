// Standalone dev page of the contacts remote (query parameters become props). Development builds only:
// a production remote is just its container.
//   /?fake-api       answer /api/contacts in the page, from memory (the api is not on this origin)
//   /?demo=widgets   the widgets the dialer and the calls view load, on one page
import { mountStandalone } from '@ringwise/standalone';
import { DevPage } from './dev/dev-page.tsx';

const ready = new URLSearchParams(window.location.search).has('fake-api')
  ? import('./dev/fake-api.ts').then(({ installFakeContactsApi }) => installFakeContactsApi())
  : Promise.resolve();

void ready.then(() => mountStandalone(DevPage, { view: 'contacts' }));
