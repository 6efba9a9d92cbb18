// Standalone dev page of the numbers remote (query parameters become props).
import { mountStandalone } from '@ringwise/standalone';
import App from './exposed/app.tsx';

mountStandalone(App, {});
