// The files a signed-in page's first render needs are named in its HTML (the api's first-load hints): each view then
// downloads every file once, uses every preload it was given (Chromium warns about one it was given for nothing, or
// one asked for in another mode), and shows its remote.
import { consoleOf, expect, test } from '../fixtures.ts';

const views = ['/home', '/home/calls', '/home/contacts', '/home/transactions', '/home/rates', '/home/settings'];

for (const view of views) {
  test(`${view}: every preload is used and no file is downloaded twice`, async ({ page, signedIn: _user }) => {
    const problems = consoleOf(page);
    await page.goto(view);
    await expect(page.locator('[data-remote]').first()).toBeVisible();
    const preloads = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"], link[rel="preload"][as="style"]')].map((l) => l.href));
    expect(preloads.length, 'the page names the files of its first render').toBeGreaterThan(3);
    // Chromium reports a preload that was not used within ~3 s of the load event
    await page.waitForTimeout(4_000);
    const fetched = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((url) => /\.(?:js|css)(?:\?|$)/.test(url)),
    );
    const twice = fetched.filter((url, i) => fetched.indexOf(url) !== i);
    expect(twice, 'files downloaded twice').toEqual([]);
    for (const href of preloads) expect(fetched, `${href} is preloaded but never fetched`).toContain(href);
    expect(problems).toEqual([]);
  });
}
