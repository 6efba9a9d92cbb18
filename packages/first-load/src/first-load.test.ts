import { describe, expect, test } from 'bun:test';
import { firstLoadField, firstLoadOf } from './first-load.ts';
import { exposeGroupName, shareKeyOf } from './build-plugin.ts';

describe('firstLoadOf', () => {
  const valid = { exposes: { app: { js: ['a.js'], css: [], shared: ['react'] } }, named: {}, provides: {} };

  test('reads the field a build wrote into its manifest', () => {
    expect(firstLoadOf({ name: 'x', [firstLoadField]: valid })).toEqual(valid);
  });

  test('null for a manifest without one (an older build) or with a malformed one', () => {
    expect(firstLoadOf({ name: 'x' })).toBeNull();
    expect(firstLoadOf(null)).toBeNull();
    expect(firstLoadOf('text')).toBeNull();
    expect(firstLoadOf({ [firstLoadField]: { ...valid, named: null } })).toBeNull();
    expect(firstLoadOf({ [firstLoadField]: { ...valid, provides: { react: { js: [1], css: [], shared: [] } } } })).toBeNull();
  });
});

describe('what the build plugin reads from module identifiers', () => {
  test('share keys of provide and consume modules, scoped packages included', () => {
    expect(shareKeyOf('provide shared module (default) @ringwise/ui/flag@0.1.0 = /w/packages/ui/src/flag.tsx')).toEqual({
      kind: 'provide',
      key: '@ringwise/ui/flag',
    });
    expect(shareKeyOf('consume shared module (default) react/jsx-runtime@^19.3.1 (strict)')).toEqual({ kind: 'consume', key: 'react/jsx-runtime' });
    expect(shareKeyOf('consume shared module (default) @ringwise/ui/cn@* (strict) (fallback: /w/cn.tsx)')).toEqual({ kind: 'consume', key: '@ringwise/ui/cn' });
    expect(shareKeyOf('/w/mfe-dialer/src/exposed/app.tsx')).toBeNull();
  });

  test('the chunk group of an exposed module, named as the federation plugin names it', () => {
    expect(exposeGroupName('./app')).toBe('__federation_expose_app');
    expect(exposeGroupName('./widgets/call-overlay')).toBe('__federation_expose_widgets__call_overlay');
  });
});
