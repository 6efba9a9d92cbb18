import { afterEach, beforeEach, describe, expect, mock, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { failedRemoteModule, isFailedRemoteModule } from './failed-remote.ts';
import { IncompatibleRemoteError } from './incompatible-remote.ts';

type Loader = (id: string) => Promise<unknown>;
let loader: Loader;
const calls: string[] = [];
/** What the stand-in remotes.ts has loaded, as the real one keeps it; a reload forgets the remote's modules. */
const loadedModules = new Map<string, unknown>();
const reloads: string[] = [];
mock.module('./remotes.ts', () => ({
  loadRemoteComponent: async (id: string) => {
    calls.push(id);
    const result = await loader(id);
    if (!isFailedRemoteModule(result)) loadedModules.set(id, result);
    return result;
  },
  loadedRemoteComponent: (id: string) => loadedModules.get(id),
  reloadRemote: async (key: string) => {
    reloads.push(key);
    for (const id of loadedModules.keys()) if (id.startsWith(`${key}/`)) loadedModules.delete(id);
  },
}));
const { RemoteSlot } = await import('./remote-slot.tsx');

const realConsole = { warn: console.warn, error: console.error };
beforeEach(() => {
  calls.length = 0;
  reloads.length = 0;
  loadedModules.clear();
  // the slot reports failures on the console; these tests cause them on purpose
  console.warn = () => {};
  console.error = () => {};
});
afterEach(() => {
  cleanup();
  Object.assign(console, realConsole);
});

function Greeting({ name }: { name: string }) {
  return <h1>Hello {name}</h1>;
}

describe('RemoteSlot', () => {
  test('loads the remote module and renders it with its props inside the shell tree', async () => {
    loader = async () => Greeting;
    // the stand-in module takes a prop the real contacts/app does not, which the map of exposed modules refuses
    // @ts-expect-error -- ContactsAppProps has no `name`
    render(<RemoteSlot remote="contacts" area="Contacts" props={{ name: 'Ann' }} />);
    expect(screen.getByRole('status', { name: 'Loading Contacts' })).toBeTruthy();
    const heading = await screen.findByRole('heading', { name: 'Hello Ann' });
    expect(heading.closest('[data-remote="contacts"]')).toBeTruthy();
    expect(calls).toEqual(['contacts/app']);
  });

  test('a remote that cannot be loaded shows "<Area> is unavailable", and Retry loads it again', async () => {
    loader = async (id) => failedRemoteModule(id, new Error('manifest unreachable'));
    render(<RemoteSlot remote="billing" module="widgets/settings-billing" area="Billing settings" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Billing settings is unavailable');

    loader = async () => Greeting;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(await screen.findByRole('heading', { name: /Hello/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toEqual(['billing/widgets/settings-billing', 'billing/widgets/settings-billing']);
  });

  test('quiet: nothing while it loads, nothing (no panel) when it cannot be loaded', async () => {
    let finish!: (value: unknown) => void;
    loader = () => new Promise((resolve) => (finish = resolve));
    const { container } = render(<RemoteSlot remote="dialer" module="widgets/call-overlay" area="Calling" quiet />);
    expect(container.innerHTML).toBe('');
    await act(async () => finish(failedRemoteModule('dialer/widgets/call-overlay', new Error('down'))));
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('a loader that throws is treated like a failed load', async () => {
    loader = async () => {
      throw new Error('boom');
    };
    render(<RemoteSlot remote="dialer" area="Dialer" />);
    expect((await screen.findByRole('alert')).textContent).toContain('Dialer is unavailable');
  });

  test('a remote that crashes while rendering is contained to its slot', async () => {
    let crash = true;
    function Fragile() {
      if (crash) throw new Error('render failure');
      return <p>Recovered</p>;
    }
    loader = async () => Fragile;
    render(
      <div>
        <p>Header still here</p>
        <RemoteSlot remote="numbers" area="Numbers settings" />
      </div>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Numbers settings is unavailable');
    expect(screen.getByText('Header still here')).toBeTruthy();

    crash = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(await screen.findByText('Recovered')).toBeTruthy();
  });

  test('a remote built for a newer Ringwise says so in its fallback, and keeps Retry', async () => {
    loader = async (id) => failedRemoteModule(id, new IncompatibleRemoteError('ringwise_contacts', true));
    render(<RemoteSlot remote="contacts" area="Contacts" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Contacts was updated for a newer version of Ringwise');
    expect(alert.textContent).toContain('Reload the page to use it.');
    expect(alert.textContent).not.toContain('unavailable');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('RemoteSlot after a release took the remote\'s chunks away', () => {
  const chunkLost = () => Object.assign(new Error('Loading chunk 812 failed.\n(missing: http://localhost:3002/812.1a2b3c4d.js)'), { name: 'ChunkLoadError' });

  /** A part of the shell outside the slot that holds state of its own. */
  function ShellCounter() {
    const [count, setCount] = useState(0);
    return <button onClick={() => setCount((n) => n + 1)}>Clicked {count}</button>;
  }

  test('loads the new release in place: only the slot remounts, never blank, never the fallback', async () => {
    function OldRelease(): never {
      throw chunkLost();
    }
    const NewRelease = () => <p>Release 2 is live</p>;
    let finish!: () => void;
    const newRelease = new Promise((resolve) => (finish = () => resolve(NewRelease)));
    // the page's first load gets the old release; the load after the reload waits for the new one
    loader = async () => {
      loader = () => newRelease;
      return OldRelease;
    };
    const { container } = render(
      <div>
        <ShellCounter />
        <RemoteSlot remote="contacts" area="Contacts" />
      </div>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Clicked 0' })));
    await screen.findByRole('status', { name: 'Loading Contacts' });
    expect(container.querySelector('[role="alert"]')).toBeNull();

    await act(async () => finish());
    expect(await screen.findByText('Release 2 is live')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeTruthy();
    expect(reloads).toEqual(['contacts']);
  });

  test('once per release: a new release that loses a chunk too shows the fallback with Retry', async () => {
    function Broken(): never {
      throw chunkLost();
    }
    const Release2 = () => Broken();
    loader = async () => Broken;
    render(<RemoteSlot remote="contacts" area="Contacts" />);
    loader = async () => Release2;
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Contacts is unavailable');
    expect(reloads).toEqual(['contacts']);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  test('any other crash is not a release: the fallback, no reload', async () => {
    function Crashes(): never {
      throw new Error('render failure');
    }
    loader = async () => Crashes;
    render(<RemoteSlot remote="contacts" area="Contacts" />);
    expect((await screen.findByRole('alert')).textContent).toContain('Contacts is unavailable');
    expect(reloads).toEqual([]);
  });
});
