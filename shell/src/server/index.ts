// The shell's server bundle (dist/server/, built with the browser build, same build id): the api renders
// the shell's tree around a remote's server-rendered page with it. React, react-query, the router and the
// kit are not in it: the api provides them, as the shell provides them to the remotes in the browser.
export { buildId } from '../build-id.ts';
export { renderAppBody, type ShellRenderInput } from './render-app.tsx';
