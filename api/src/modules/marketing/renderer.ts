// The marketing pages' server render, from the remote's and the shell's own source (run by Bun, loaded
// once at start-up; the browser builds never include these modules).
import type { MarketingRenderer } from './service.ts';

export async function loadMarketingRenderer(): Promise<MarketingRenderer> {
  const [pages, shell, remote] = await Promise.all([
    import('../../../../mfe-marketing/src/server/render.tsx'),
    import('../../../../shell/src/server/render-app.tsx'),
    import('../../../../mfe-marketing/src/exposed/app.tsx'),
  ]);
  return {
    landingPage: pages.landingPage,
    countryPage: pages.countryPage,
    renderAppBody: (input) => shell.renderAppBody({ ...input, remotes: { 'marketing/app': remote.default } }),
  };
}
