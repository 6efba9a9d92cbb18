// The six federated builds: where each lives, what it exposes and where it is served by default.
import type { ModuleOf } from './exposed-modules.ts';

/** A remote's `exposes`: exactly the modules ExposedModules gives props for, so neither list can gain one alone. */
type Exposes<Key extends string> = Record<`./${ModuleOf<Key>}`, string>;

export interface AppBuild {
  dir: string;
  kind: 'host' | 'remote';
  /** Container name in the federation runtime (also the global the remote entry defines). */
  federationName: string;
  port: number;
  /** The env variable that moves this remote (ARCHITECTURE.md §3). */
  urlEnv?: string;
  /** Short key used in /remotes.json and in `loadRemote('<key>/<module>')`. */
  key?: string;
  exposes?: Record<string, string>;
  runtimePlugins?: string[];
  /** Entry of the app's server bundle (dist/server/), built alongside its browser build for the api's server render. */
  serverEntry?: string;
}

export const appBuilds: AppBuild[] = [
  {
    dir: 'shell',
    kind: 'host',
    federationName: 'ringwise_shell',
    port: 3000,
    serverEntry: './src/server/index.ts',
    runtimePlugins: [
      './src/federation/runtime-plugins/retry.ts',
      './src/federation/runtime-plugins/compatibility.ts',
      './src/federation/runtime-plugins/fallback.ts',
    ],
  },
  {
    dir: 'mfe-dialer',
    kind: 'remote',
    key: 'dialer',
    federationName: 'ringwise_dialer',
    port: 3001,
    urlEnv: 'REMOTE_DIALER_URL',
    exposes: {
      './app': './src/exposed/app.tsx',
      './widgets/call-overlay': './src/exposed/call-overlay.tsx',
    } satisfies Exposes<'dialer'>,
  },
  {
    dir: 'mfe-contacts',
    kind: 'remote',
    key: 'contacts',
    federationName: 'ringwise_contacts',
    port: 3002,
    urlEnv: 'REMOTE_CONTACTS_URL',
    exposes: {
      './app': './src/exposed/app.tsx',
      './widgets/contact-picker': './src/exposed/contact-picker.tsx',
      './widgets/contact-suggestions': './src/exposed/contact-suggestions.tsx',
      './widgets/contact-match': './src/exposed/contact-match.tsx',
      './widgets/save-contact-dialog': './src/exposed/save-contact-dialog.tsx',
    } satisfies Exposes<'contacts'>,
  },
  {
    dir: 'mfe-billing',
    kind: 'remote',
    key: 'billing',
    federationName: 'ringwise_billing',
    port: 3003,
    urlEnv: 'REMOTE_BILLING_URL',
    exposes: {
      './app': './src/exposed/app.tsx',
      './widgets/top-up-dialog': './src/exposed/top-up-dialog.tsx',
      './widgets/settings-billing': './src/exposed/settings-billing.tsx',
      './widgets/settings-notifications': './src/exposed/settings-notifications.tsx',
    } satisfies Exposes<'billing'>,
  },
  {
    dir: 'mfe-numbers',
    kind: 'remote',
    key: 'numbers',
    federationName: 'ringwise_numbers',
    port: 3004,
    urlEnv: 'REMOTE_NUMBERS_URL',
    exposes: {
      './app': './src/exposed/app.tsx',
      './widgets/virtual-numbers-dialog': './src/exposed/virtual-numbers-dialog.tsx',
      './widgets/caller-ids-dialog': './src/exposed/caller-ids-dialog.tsx',
      './widgets/caller-id-select': './src/exposed/caller-id-select.tsx',
    } satisfies Exposes<'numbers'>,
  },
  {
    dir: 'mfe-marketing',
    kind: 'remote',
    key: 'marketing',
    federationName: 'ringwise_marketing',
    port: 3005,
    urlEnv: 'REMOTE_MARKETING_URL',
    exposes: { './app': './src/exposed/app.tsx' } satisfies Exposes<'marketing'>,
    serverEntry: './src/server/index.ts',
  },
];

export const remoteBuilds = appBuilds.filter((a) => a.kind === 'remote');
