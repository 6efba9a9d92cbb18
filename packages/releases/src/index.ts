// Releasing one remote on its own (issue #35): the pointer of what is live (live.ts), what a build says about itself
// (release-info.ts) and whether it fits what is live (compatibility.ts). The disk store is ./store (Node only).
export * from './live.ts';
export * from './release-info.ts';
export * from './compatibility.ts';
