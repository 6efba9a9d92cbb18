// Stylesheets are side-effect imports handled by the bundler (rspack) and by Bun in tests; they export nothing.
declare module '*.css';
