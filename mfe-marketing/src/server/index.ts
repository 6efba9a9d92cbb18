// The marketing remote's server bundle (dist/server/, built with the browser build, same build id): what
// the api needs to render `/` and `/call/{cc}` with this deployment's own code. React, react-query, the
// router and the kit are not in it: the api provides them, as the shell does in the browser.
export { buildId } from '../build-id.ts';
export { default as App } from '../exposed/app.tsx';
export { countryPage, landingPage } from '@ringwise/marketing-content/pages';
