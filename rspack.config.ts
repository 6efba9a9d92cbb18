// One build recipe for the shell and the five remotes: `rspack build -c rspack.config.ts --env app=<dir>`.
// Every app shares the same singletons from ONE map, so React, react-query and the kit exist once per page.
// The shell and the marketing remote also build a server bundle (dist/server/) in the same run, with the
// same build id, for the api's server render of the marketing pages.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ExternalModule, rspack, type Compiler, type Configuration, type RuleSetRule } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { appBuilds, type AppBuild } from '@ringwise/apps';
import type { SharedVersions, SsrManifest } from '@ringwise/shared-versions';
import { FirstLoadManifestPlugin, ManifestFieldPlugin } from '@ringwise/first-load/build-plugin';
import { PrecompressPlugin } from '@ringwise/static-files/precompress';
import { releaseInfoField, type ReleaseInfo } from '@ringwise/releases';
import { exposedPropsFingerprints } from '@ringwise/apps/props-fingerprint';

const root = path.dirname(fileURLToPath(import.meta.url));

function versionOf(pkg: string): string {
  const file = path.join(root, 'node_modules', pkg, 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** The federation plugin and the React majors the shell runs, for shell/src/federation/runtime-plugins/compatibility.ts. */
function hostVersions() {
  return {
    federation: versionOf('@module-federation/enhanced'),
    shared: { react: versionOf('react'), 'react-dom': versionOf('react-dom') },
  };
}

function kitModules(): string[] {
  const dir = path.join(root, 'packages/ui/src');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
    .map((file) => `@ringwise/ui/${file.slice(0, -'.tsx'.length)}`);
}

/**
 * Third-party singletons: one copy per page, whichever build loads it first provides it. The JSX runtime
 * is shared too, so a remote's first render needs no chunk of its own for it.
 */
const thirdParty = {
  react: 'react',
  'react/jsx-runtime': 'react',
  'react-dom': 'react-dom',
  '@tanstack/react-query': '@tanstack/react-query',
  wouter: 'wouter',
} as const;

/** What a build provides for a share key when it is not the package itself: only the part of it the apps use. */
const providedBy: Partial<Record<keyof typeof thirdParty, string>> = {
  '@tanstack/react-query': path.join(root, 'packages/query/src/index.ts'),
};

/**
 * Kit parts pages load when they use them: those built on radix's overlays (positioning, focus scopes, menus), and
 * the table only the admin console shows.
 */
const lazyKitModules = new Set(['dialog', 'sheet', 'dropdown-menu', 'popover', 'select', 'tabs', 'tooltip', 'toaster', 'switch', 'data-table']);

/**
 * The share map of every build. The host provides what every page needs at start (React, react-query, the
 * router, the api client and the small kit parts) eagerly, in its first file: negotiating ~18 shared modules
 * one chunk each cost a phone's main thread more than the bytes (a script element, a request and a promise
 * chain per module; measured in the Lighthouse traces of the marketing pages).
 */
export function sharedSingletons({ host = false, hostProvided = false }: { host?: boolean; hostProvided?: boolean } = {}) {
  type Shared = { singleton: true; requiredVersion: string | false; version?: string; eager?: boolean; import?: string | false };
  const shared: Record<string, Shared> = {};
  for (const [shareKey, pkg] of Object.entries(thirdParty)) {
    shared[shareKey] = { singleton: true, requiredVersion: `^${versionOf(pkg)}`, version: versionOf(pkg), eager: host };
    const provided = providedBy[shareKey as keyof typeof thirdParty];
    if (provided) shared[shareKey].import = provided;
    // The shell provides these in its first file on every page, so a production remote carries no copy of its
    // own (no fallback chunks, a smaller remoteEntry.js). The kit keeps its fallbacks: a remote redeployed with a
    // kit part the running shell does not have yet still works.
    if (hostProvided) shared[shareKey].import = false;
  }
  // Our own packages: the UI kit is shared per component so a page only downloads the parts it renders.
  for (const kitModule of kitModules()) {
    const eager = host && !lazyKitModules.has(kitModule.slice('@ringwise/ui/'.length));
    shared[kitModule] = { singleton: true, requiredVersion: false, version: '0.1.0', eager };
  }
  shared['@ringwise/api-client'] = { singleton: true, requiredVersion: false, version: '0.1.0', eager: host };
  // @ringwise/phone (libphonenumber-js with its metadata, ~29 KB gzip) is loaded lazily by the contacts and the
  // numbers remotes, both on /home: shared, the page downloads and evaluates it once. Never eager (the host would
  // ship it to every page); its metadata-free `notation` entry (the demo dialer's) stays bundled where it is used.
  shared['@ringwise/phone'] = { singleton: true, requiredVersion: false, version: '0.1.0' };
  return shared;
}

/**
 * What a server bundle leaves to its host (the api): the browser's singletons but @ringwise/phone, plus React DOM's
 * server renderer (React DOM's own part, at its version). The api provides one React, react-query, router
 * and kit to every server bundle, as the shell does in the browser. Everything else is bundled, as in the
 * browser builds: `@ringwise/contract/*` is in no build's share map (and `@ringwise/phone` only in the browser's), so
 * the browser runs each build's own copy, and the server bundle carries the
 * same copy (query keys and shapes of the very build it renders, not the api's).
 */
export function serverSharedVersions(): SharedVersions {
  const versions: SharedVersions = {};
  for (const [key, { version, requiredVersion }] of Object.entries(sharedSingletons())) {
    // shared in the browser to be downloaded once; a server bundle carries its own copy (no download to save)
    if (key === '@ringwise/phone') continue;
    versions[key] = { version: version ?? '0.0.0', requiredVersion };
  }
  const reactDom = versions['react-dom'];
  if (reactDom) versions['react-dom/server'] = { ...reactDom };
  return versions;
}

/**
 * One id per build of an app, the same in its browser and server outputs (RINGWISE_BUILD_ID): the api
 * writes the id of the server bundle it rendered a page with into the page, and the shell hydrates only
 * when the browser runs that very build. In watch mode it stays for the session; the server bundle's
 * content-hashed file name then tells the api about a rebuild.
 */
const buildIds = new Map<string, string>();
function buildIdOf(appDir: string): string {
  let id = buildIds.get(appDir);
  if (!id) {
    id = `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
    buildIds.set(appDir, id);
  }
  return id;
}

let commit: string | undefined;
/** The commit the builds are made from, for their release info ('unknown' outside a git checkout). */
function commitOf(): string {
  if (commit === undefined) {
    const result = spawnSync('git', ['rev-parse', '--short=7', 'HEAD'], { cwd: root, encoding: 'utf8' });
    commit = result.status === 0 && result.stdout.trim() ? result.stdout.trim() : 'unknown';
  }
  return commit;
}

let fingerprints: Record<string, string> | undefined;
/** The props a build exposes (a remote) or passes (the shell), for `bun run release` to compare with what is live. */
function propsOf(build: AppBuild | undefined): Record<string, string> {
  fingerprints ??= exposedPropsFingerprints();
  if (build?.kind === 'host') return fingerprints;
  return Object.fromEntries(Object.entries(fingerprints).filter(([id]) => id.startsWith(`${build?.key}/`)));
}

const isInside = (file: string, dir: string) => file === dir || file.startsWith(`${dir}${path.sep}`);

const swcRule = (development: boolean): RuleSetRule => ({
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  loader: 'builtin:swc-loader',
  options: {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic', development } },
    },
  },
  type: 'javascript/auto',
});

export interface BuildOptions {
  app: string;
  mode: 'development' | 'production';
  /** Where the build lands; the redeploy test builds a modified copy elsewhere. */
  outDir?: string;
  /** The app's folder; defaults to `<root>/<app>`. */
  appDir?: string;
}

export function createConfig(options: BuildOptions): Configuration {
  const build: AppBuild | undefined = appBuilds.find((a) => a.dir === options.app);
  if (!build) throw new Error(`unknown app "${options.app}"; expected one of ${appBuilds.map((a) => a.dir).join(', ')}`);
  const dev = options.mode === 'development';
  const appDir = options.appDir ?? path.join(root, build.dir);
  const isHost = build.kind === 'host';
  const outDir = options.outDir ?? path.join(appDir, 'dist');

  return {
    name: build.dir,
    mode: options.mode,
    context: appDir,
    // eval-based source maps would need 'unsafe-eval' in the CSP
    devtool: dev ? 'cheap-module-source-map' : false,
    // Production remotes are only their container (remoteEntry.js); the standalone page is for development.
    entry: isHost || dev ? { main: './src/index.ts' } : {},
    target: ['web', 'es2022'],
    output: {
      path: outDir,
      uniqueName: build.federationName,
      publicPath: isHost ? '/' : 'auto',
      filename: dev ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: dev ? '[name].js' : '[name].[contenthash:8].js',
      cssFilename: dev ? '[name].css' : '[name].[contenthash:8].css',
      cssChunkFilename: dev ? '[name].css' : '[name].[contenthash:8].css',
      crossOriginLoading: 'anonymous',
      // the server bundle lands in dist/server/, from its own compilation
      clean: build.serverEntry ? { keep: (file: string) => isInside(file, path.join(outDir, 'server')) } : true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      // The federation glue is require()d, which would pick the CommonJS builds; the ES builds let the
      // minifier drop what a remote never runs (e.g. loading other remotes).
      alias: {
        ...Object.fromEntries(
          ['@module-federation/webpack-bundler-runtime', '@module-federation/sdk', '@module-federation/runtime-core'].map(
            (pkg) => [`${pkg}$`, path.join(root, 'node_modules', pkg, 'dist/index.js')],
          ),
        ),
        '@module-federation/error-codes$': path.join(root, 'node_modules/@module-federation/error-codes/dist/index.mjs'),
        // rspack's own plugin points at the CommonJS file by absolute path
        [path.join(root, 'node_modules/@module-federation/webpack-bundler-runtime/dist/index.cjs')]: path.join(
          root,
          'node_modules/@module-federation/webpack-bundler-runtime/dist/index.js',
        ),
        // libphonenumber's metadata as JSON, which the bundle embeds as JSON.parse('…'): a phone parses that
        // string several times faster than it evaluates the same ~120 KB object literal of the .js entry
        'libphonenumber-js/min/metadata$': path.join(root, 'node_modules/libphonenumber-js/metadata.min.json'),
        // passkeys and wallet sign-in are not offered: see shell/src/auth/unused-sign-in-methods.ts
        ...Object.fromEntries(
          ['lib/webauthn', 'lib/web3/ethereum'].map((module) => [
            path.join(root, 'node_modules/@supabase/auth-js/dist/module', module),
            path.join(root, 'shell/src/auth/unused-sign-in-methods.ts'),
          ]),
        ),
      },
    },
    module: {
      rules: [
        swcRule(dev),
        {
          test: /\.css$/,
          use: [{ loader: 'postcss-loader', options: { postcssOptions: { plugins: ['@tailwindcss/postcss'] } } }],
          type: 'css/auto',
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: build.federationName,
        filename: 'remoteEntry.js',
        exposes: build.exposes,
        shared: sharedSingletons({ host: isHost, hostProvided: !isHost && !dev }),
        shareStrategy: 'loaded-first',
        manifest: true,
        // type download and generation stay out of builds: flaky in CI and not needed at run time
        dts: false,
        runtimePlugins: [
          path.join(root, 'packages/federation-runtime/src/csp-nonce.ts'),
          path.join(root, 'packages/federation-runtime/src/cross-origin.ts'),
          ...(build.runtimePlugins ?? []).map((p) => path.join(appDir, p)),
        ],
        experiments: {
          // One federation runtime per page: the shell provides it, production remotes use it. A remote's
          // standalone dev page has no host, so dev builds of remotes bundle their own.
          ...(isHost ? { provideExternalRuntime: true } : dev ? {} : { externalRuntime: true }),
          optimization: { target: 'web', ...(isHost ? {} : { disableRemote: true }) },
        },
      }),
      // what each route's first render loads, for the api to name in the page's HTML
      new FirstLoadManifestPlugin(build.exposes),
      // what `bun run release` checks against what is live (@ringwise/releases)
      new ManifestFieldPlugin(releaseInfoField, (): ReleaseInfo => ({ buildId: buildIdOf(appDir), commit: commitOf(), props: propsOf(build) })),
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(options.mode),
        RINGWISE_BUILD_ID: JSON.stringify(buildIdOf(appDir)),
        // what the shell's compatibility plugin compares each remote's manifest with
        ...(isHost ? { RINGWISE_HOST_VERSIONS: JSON.stringify(hostVersions()) } : {}),
      }),
      // the shell's files served as they are (the share image of every page)
      ...(isHost ? [new rspack.CopyRspackPlugin({ patterns: [{ from: path.join(appDir, 'public') }] })] : []),
      // a remote's standalone page answers ?fake-api with Mock Service Worker (@ringwise/standalone/fake-api), whose
      // worker script is served from the page's root; development builds only, never a release
      ...(!isHost && dev
        ? [new rspack.CopyRspackPlugin({ patterns: [{ from: path.join(root, 'node_modules/msw/lib/mockServiceWorker.js') }] })]
        : []),
      ...(isHost || dev
        ? [
            new rspack.HtmlRspackPlugin({
              // the shell's page is its own; every remote's standalone dev page comes from one template
              template: isHost ? path.join(appDir, 'index.html') : path.join(root, 'packages/standalone/index.html'),
              templateParameters: { title: `Ringwise ${build.key ?? build.dir} (standalone)` },
              // the api fills the remote-specific preloads into the shell's page at request time
              inject: 'head',
              scriptLoading: 'module',
              minify: !dev,
            }),
          ]
        : []),
      // a release's text files also as brotli (.br) and gzip (.gz), which the servers send as they are
      ...(dev ? [] : [new PrecompressPlugin()]),
    ],
    optimization: {
      minimize: !dev,
    },
    performance: false,
    watchOptions: { ignored: /node_modules|dist/ },
  };
}

/**
 * The server bundle of an app with a `serverEntry`: one CommonJS file for Node-compatible runtimes
 * (dist/server/server.<hash>.js) and dist/server/ssr-manifest.json naming it, its build id and the
 * shared modules it requires from the api with their versions.
 */
export function createServerConfig(options: BuildOptions): Configuration {
  const build = appBuilds.find((a) => a.dir === options.app);
  if (!build?.serverEntry) throw new Error(`app "${options.app}" has no server entry`);
  const appDir = options.appDir ?? path.join(root, build.dir);
  const buildId = buildIdOf(appDir);
  const shared = serverSharedVersions();

  return {
    name: `${build.dir}-server`,
    mode: options.mode,
    context: appDir,
    devtool: false,
    entry: { server: build.serverEntry },
    target: ['node20', 'es2022'],
    output: {
      path: path.join(options.outDir ?? path.join(appDir, 'dist'), 'server'),
      filename: 'server.[contenthash:8].js',
      library: { type: 'commonjs2' },
      chunkFormat: 'commonjs',
      // one file: lazy parts (import()) are inlined, the api loads the bundle by one URL
      asyncChunks: false,
      clean: true,
    },
    externalsType: 'commonjs',
    externals: [
      ({ request }, callback) => {
        if (request !== undefined && Object.hasOwn(shared, request)) return callback(null, request);
        // styles are the browser build's business
        if (request?.endsWith('.css')) return callback(null, '{}', 'var');
        return callback();
      },
    ],
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      // a server render has no federation runtime: the page's remotes are handed in (shell/src/server)
      alias: { '@module-federation/enhanced/runtime$': false },
    },
    // the production JSX runtime: it is the api's React (development or not) that runs the elements
    module: { rules: [swcRule(false)] },
    plugins: [
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(options.mode),
        RINGWISE_BUILD_ID: JSON.stringify(buildId),
      }),
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      ssrManifestPlugin(buildId, shared),
    ],
    optimization: { minimize: options.mode === 'production' },
    performance: false,
    watchOptions: { ignored: /node_modules|dist/ },
  };
}

/** Writes ssr-manifest.json: the bundle's file, the build id and the shared modules it really requires. */
function ssrManifestPlugin(buildId: string, shared: SharedVersions) {
  return {
    name: 'RingwiseSsrManifestPlugin',
    apply(compiler: Compiler) {
      compiler.hooks.thisCompilation.tap('RingwiseSsrManifestPlugin', (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: 'RingwiseSsrManifestPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
          () => {
            const files = [...(compilation.entrypoints.get('server')?.getFiles() ?? [])].filter((f) => f.endsWith('.js'));
            if (files.length !== 1) {
              compilation.errors.push(new rspack.WebpackError(`the server bundle must be one file, got ${files.join(', ') || 'none'}`));
              return;
            }
            const required: SharedVersions = {};
            for (const module of compilation.modules) {
              if (!(module instanceof ExternalModule)) continue;
              const entry = shared[module.userRequest];
              if (entry) required[module.userRequest] = entry;
            }
            const sorted = Object.fromEntries(Object.entries(required).sort(([a], [b]) => a.localeCompare(b)));
            const manifest: SsrManifest = { buildId, file: files[0]!, shared: sorted };
            compilation.emitAsset('ssr-manifest.json', new rspack.sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
          },
        );
      });
    },
  };
}

/**
 * `--env app=<dir>` builds one app (with its server bundle when it has one); without it, all six build
 * together. `rspack serve` (a remote's standalone dev page) builds the browser part only.
 */
export default (env: Record<string, string | boolean>, argv: { mode?: string }) => {
  const mode = (argv.mode ?? process.env.NODE_ENV) === 'development' ? 'development' : 'production';
  const pick = (key: string) => (typeof env[key] === 'string' ? (env[key] as string) : undefined);
  const withServer = env.RSPACK_SERVE !== true;
  const configsOf = (options: BuildOptions): Configuration[] => {
    const build = appBuilds.find((a) => a.dir === options.app);
    return [createConfig(options), ...(withServer && build?.serverEntry ? [createServerConfig(options)] : [])];
  };
  const app = pick('app');
  if (!app) return appBuilds.flatMap((build) => configsOf({ app: build.dir, mode }));
  const configs = configsOf({ app, mode, outDir: pick('outDir'), appDir: pick('appDir') });
  return configs.length === 1 ? configs[0] : configs;
};
