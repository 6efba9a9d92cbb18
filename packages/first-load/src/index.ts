export * from './first-load.ts';
export * from './resolve.ts';
