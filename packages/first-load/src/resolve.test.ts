import { describe, expect, test } from 'bun:test';
import type { FirstLoad, FirstLoadPart } from './first-load.ts';
import { resolveFirstLoad, type BuildFirstLoad } from './resolve.ts';

const part = (js: string[], shared: string[] = [], css: string[] = []): FirstLoadPart => ({ js, css, shared });
const build = (base: string, firstLoad: Partial<FirstLoad>): BuildFirstLoad => ({
  base,
  firstLoad: { exposes: {}, named: {}, provides: {}, ...firstLoad },
});

// the shell provides React eagerly (in its entry) and a dialog lazily; the remote brings its own combobox
const shell = build('/', {
  named: { bootstrap: part(['bootstrap.js'], ['react']) },
  provides: { react: part([]), '@ringwise/ui/dialog': part(['dialog.js', 'overlay.js'], ['@ringwise/ui/icons']), '@ringwise/ui/icons': part([]) },
});
const dialer = build('https://cdn.example.com/dialer/', {
  exposes: { app: part(['app.js'], ['react'], ['app.css']) },
  named: { 'view-dialer': part(['view.js', 'shared.js'], ['@ringwise/ui/combobox', '@ringwise/ui/dialog']) },
  provides: {
    react: part(['react-copy.js']),
    '@ringwise/ui/dialog': part(['dialog-copy.js']),
    '@ringwise/ui/combobox': part(['combobox.js'], ['@ringwise/ui/flag'], ['kit.css']),
    '@ringwise/ui/flag': part(['flag.js']),
  },
});

describe('resolveFirstLoad', () => {
  test("the parts asked for, and each shared module from the shell when it provides one, else from the remote", () => {
    const assets = resolveFirstLoad(shell, [
      { build: shell, part: shell.firstLoad.named.bootstrap! },
      { build: dialer, part: dialer.firstLoad.exposes.app! },
      { build: dialer, part: dialer.firstLoad.named['view-dialer']! },
    ]);
    expect(assets).toEqual([
      { href: '/bootstrap.js', as: 'script' },
      { href: 'https://cdn.example.com/dialer/app.css', as: 'style' },
      { href: 'https://cdn.example.com/dialer/app.js', as: 'script' },
      { href: 'https://cdn.example.com/dialer/view.js', as: 'script' },
      { href: 'https://cdn.example.com/dialer/shared.js', as: 'script' },
      // the remote's combobox (the shell has none), with what it consumes in turn
      { href: 'https://cdn.example.com/dialer/kit.css', as: 'style' },
      { href: 'https://cdn.example.com/dialer/combobox.js', as: 'script' },
      { href: 'https://cdn.example.com/dialer/flag.js', as: 'script' },
      // the shell's dialog, not the remote's copy; React is in the shell's entry already
      { href: '/dialog.js', as: 'script' },
      { href: '/overlay.js', as: 'script' },
    ]);
  });

  test('each file once, however many parts share it', () => {
    const assets = resolveFirstLoad(shell, [
      { build: dialer, part: part(['a.js', 'b.js'], ['@ringwise/ui/dialog']) },
      { build: dialer, part: part(['b.js'], ['@ringwise/ui/dialog']) },
    ]);
    expect(assets.map((a) => a.href)).toEqual(['https://cdn.example.com/dialer/a.js', 'https://cdn.example.com/dialer/b.js', '/dialog.js', '/overlay.js']);
  });

  test('a shared module nobody provides (a singleton the shell gives at run time) adds nothing', () => {
    expect(resolveFirstLoad(shell, [{ build: dialer, part: part([], ['wouter']) }])).toEqual([]);
  });
});
