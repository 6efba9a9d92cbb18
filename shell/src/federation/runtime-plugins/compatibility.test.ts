import { afterEach, describe, expect, test } from 'bun:test';
import { isIncompatibleRemoteError } from '../incompatible-remote.ts';
import compatibilityPlugin, { mismatchOf, type HostVersions } from './compatibility.ts';

const host: HostVersions = { federation: '2.9.2', shared: { react: '19.3.1', 'react-dom': '19.3.1' } };
const manifestUrl = 'http://localhost:3002/mf-manifest.json';

/** mf-manifest.json as the contacts build writes it (trimmed to two exposes' worth of fields). */
function contactsManifest({ pluginVersion = '2.9.2', react = '19.3.1', reactDom = '19.3.1' } = {}) {
  const sharedEntry = (name: string, version: string, requiredVersion?: string) => ({
    id: `ringwise_contacts:${name}`,
    name,
    version,
    singleton: true,
    ...(requiredVersion ? { requiredVersion } : {}),
    assets: { js: { async: [], sync: [] }, css: { async: [], sync: [] } },
  });
  return {
    id: 'ringwise_contacts',
    name: 'ringwise_contacts',
    metaData: {
      name: 'ringwise_contacts',
      globalName: 'ringwise_contacts',
      buildInfo: { buildVersion: '0.1.0', buildName: '@ringwise/mfe-contacts' },
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
      pluginVersion,
    },
    shared: [
      sharedEntry('@ringwise/ui/button', '0.1.0'),
      sharedEntry('react/jsx-runtime', react, `^${react}`),
      sharedEntry('react', react, `^${react}`),
      sharedEntry('react-dom', reactDom, `^${reactDom}`),
    ],
    remotes: [],
    exposes: [
      {
        id: 'ringwise_contacts:app',
        name: 'app',
        path: './app',
        assets: { js: { sync: ['3941.fbe7ac08.js', '__federation_expose_app.9c77cf95.js'], async: ['1278.4474368f.js'] }, css: { sync: [], async: [] } },
      },
    ],
  };
}

type Hook = (args: Record<string, unknown>) => unknown;
/** The plugin's hook, called as the runtime calls it once it has fetched a remote's manifest. */
function manifestFetched(manifestJson: unknown): unknown {
  const hook = compatibilityPlugin(host).loadRemoteSnapshot as unknown as Hook;
  const moduleInfo = { name: 'ringwise_contacts', alias: 'contacts', entry: manifestUrl };
  return hook({ options: {}, moduleInfo, manifestJson, manifestUrl, remoteSnapshot: { version: manifestUrl }, from: 'manifest' });
}

function refusalOf(manifestJson: unknown): unknown {
  try {
    manifestFetched(manifestJson);
  } catch (error) {
    return error;
  }
  return undefined;
}

const realError = console.error;
afterEach(() => {
  console.error = realError;
});
const captureErrors = () => {
  const logged: string[] = [];
  console.error = (...args: unknown[]) => logged.push(args.join(' '));
  return logged;
};

describe('compatibility plugin', () => {
  test('a remote built like the shell passes unchanged, without a word', () => {
    const logged = captureErrors();
    expect(manifestFetched(contactsManifest())).toMatchObject({ manifestUrl, from: 'manifest' });
    expect(logged).toEqual([]);
  });

  test('another federation plugin major is refused, and the reason is logged with both versions', () => {
    const logged = captureErrors();
    const refusal = refusalOf(contactsManifest({ pluginVersion: '3.0.0' }));
    expect(isIncompatibleRemoteError(refusal)).toBe(true);
    expect(refusal).toMatchObject({ remote: 'ringwise_contacts', newer: true });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('federation plugin is 3.0.0');
    expect(logged[0]).toContain("this shell's is 2.9.2");
  });

  test('a React or React DOM of another major is refused; an older one is told apart from a newer one', () => {
    captureErrors();
    expect(mismatchOf(contactsManifest({ react: '20.0.0' }), host)).toEqual({ what: 'react', remoteVersion: '20.0.0', hostVersion: '19.3.1', newer: true });
    expect(mismatchOf(contactsManifest({ reactDom: '18.3.1' }), host)).toMatchObject({ what: 'react-dom', newer: false });
    expect(refusalOf(contactsManifest({ reactDom: '18.3.1' }))).toMatchObject({ newer: false });
  });

  test('a new minor or patch is no reason, nor is a version the manifest leaves out', () => {
    expect(mismatchOf(contactsManifest({ pluginVersion: '2.12.0', react: '19.4.0' }), host)).toBeUndefined();
    expect(mismatchOf({ metaData: {}, shared: [] }, host)).toBeUndefined();
  });

  test('a snapshot that came from no manifest (a global one) is left alone', () => {
    const hook = compatibilityPlugin(host).loadRemoteSnapshot as unknown as Hook;
    const args = { options: {}, moduleInfo: { name: 'ringwise_contacts' }, remoteSnapshot: {}, from: 'global' };
    expect(hook(args)).toBe(args);
  });
});
