// The id of this build of the shell: rspack.config.ts defines one per build, the same in its browser and
// server outputs (a page is hydrated only when the server rendered it with the shell build the browser
// runs). Source run by Bun (tests) has none: 'source'.
declare const RINGWISE_BUILD_ID: string | undefined;

export const buildId: string = typeof RINGWISE_BUILD_ID === 'string' ? RINGWISE_BUILD_ID : 'source';
