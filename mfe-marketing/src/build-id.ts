// The id of this build of the marketing remote: rspack.config.ts defines one per build, the same in its
// browser and server outputs, so the shell hydrates a server-rendered page only when the server rendered it
// with the very build the browser loaded. Source run by Bun (tests) has none: 'source'.
declare const RINGWISE_BUILD_ID: string | undefined;

export const buildId: string = typeof RINGWISE_BUILD_ID === 'string' ? RINGWISE_BUILD_ID : 'source';
