import { describe, expect, test } from 'bun:test';
import * as React from 'react';
import { apiSharedModules } from './shared-modules.ts';

describe('apiSharedModules', () => {
  const modules = apiSharedModules();

  test('the singletons of the browser builds, the server renderer and every kit module, at semver versions', () => {
    for (const key of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server', '@tanstack/react-query', 'wouter', '@ringwise/api-client']) {
      expect(modules[key]).toBeDefined();
    }
    expect(Object.keys(modules)).toContain('@ringwise/ui/page-meta');
    for (const { version } of Object.values(modules)) expect(Bun.semver.satisfies(version, '>=0.0.0')).toBe(true);
    expect(modules.react?.requiredVersion).toMatch(/^\^19\./);
  });

  test('each loads as CommonJS sees it, with the api\'s own instances', async () => {
    const loaded = await Promise.all(Object.entries(modules).map(async ([key, m]) => [key, await m.load()] as const));
    for (const [, exports] of loaded) expect((exports as { __esModule?: boolean }).__esModule).toBe(true);
    const react = loaded.find(([key]) => key === 'react')?.[1] as { useState: unknown; default: unknown };
    expect(react.useState).toBe(React.useState);
  });
});
