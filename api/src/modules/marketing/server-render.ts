// The marketing pages' server render, from the server bundles of the deployed builds (never from another
// app's source): the marketing remote's, from the deployment REMOTE_MARKETING_URL names now (so the remote
// deploys alone, crawler HTML included), and the shell's, from SHELL_DIST (the shell deploys with the api;
// its manifest is read again every couple of seconds, so a rebuilt shell is picked up too).
import type { LiveReleases } from '../../lib/live-release.ts';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ApiConfig } from '../../config.ts';
import { BundleError, serverBundle, type ServerBundleOptions } from './server-bundle.ts';
import type { ProvidedModules } from './shared-modules.ts';
import type { MarketingRenderer, PageDescriber, ServerRender } from './service.ts';

/** What the marketing remote's server bundle exports (mfe-marketing/src/server/index.ts). */
export interface MarketingServerExports extends PageDescriber {
  buildId: string;
  /** The remote's `./app` component. */
  App: unknown;
}

/** What the shell's server bundle exports (shell/src/server/index.ts). */
export interface ShellServerExports {
  buildId: string;
  renderAppBody(input: { path: string; origin: string; queries: { queryKey: readonly unknown[]; data: unknown }[]; remotes: Record<string, unknown> }): string;
}

function functionsOf(exports: Record<string, unknown>, names: string[]): void {
  const missing = names.filter((name) => typeof exports[name] !== 'function');
  if (missing.length > 0) throw new BundleError(`it does not export ${missing.join(', ')}`);
}

export function marketingExports(exports: Record<string, unknown>): MarketingServerExports {
  functionsOf(exports, ['landingPage', 'countryPage']);
  if (typeof exports.App !== 'function' && (typeof exports.App !== 'object' || exports.App === null)) {
    throw new BundleError('it does not export the App component');
  }
  return exports as unknown as MarketingServerExports;
}

export function shellExports(exports: Record<string, unknown>): ShellServerExports {
  functionsOf(exports, ['renderAppBody']);
  return exports as unknown as ShellServerExports;
}

export interface ServerRendererOptions {
  config: Pick<ApiConfig, 'remotes' | 'shellDist'>;
  modules: ProvidedModules;
  /** Which release of each remote is live (default: the marketing remote's root build at REMOTE_MARKETING_URL). */
  releases?: LiveReleases;
  /** Options of both loaders (tests: fetch, clock, warnings). */
  loader?: Pick<ServerBundleOptions<unknown>, 'fetch' | 'now' | 'warn' | 'timeoutMs'>;
}

const MARKETING_APP = 'marketing/app';

export function createServerRenderer({ config, modules, releases, loader = {} }: ServerRendererOptions): MarketingRenderer {
  const marketing = serverBundle({
    ...loader,
    name: 'marketing',
    // the live release's bundle (a release or rollback of the marketing remote is followed within its interval)
    baseUrl: releases ? async () => `${(await releases.marketing.get()).base}/server/` : `${config.remotes.marketing}/server/`,
    modules,
    validate: marketingExports,
    revalidateMs: 10_000,
  });
  const shell = serverBundle({
    ...loader,
    name: 'shell',
    baseUrl: `${pathToFileURL(join(config.shellDist, 'server')).href}/`,
    modules,
    validate: shellExports,
    revalidateMs: 2_000,
  });

  return {
    async current(): Promise<ServerRender | null> {
      const [page, frame] = await Promise.all([marketing.current(), shell.current()]);
      if (!page || !frame) return null;
      const { App, landingPage, countryPage } = page.exports;
      return {
        builds: { shell: frame.buildId, [MARKETING_APP]: page.buildId },
        landingPage,
        countryPage,
        renderAppBody: (input) => frame.exports.renderAppBody({ ...input, remotes: { [MARKETING_APP]: App } }),
      };
    },
  };
}
