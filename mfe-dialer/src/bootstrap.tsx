// Standalone dev page of the dialer remote (query parameters become props).
import { mountStandalone } from '@ringwise/standalone';
import App from './exposed/app.tsx';

mountStandalone(App, { view: 'dialer' });
