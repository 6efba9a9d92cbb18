// Responsiveness during a call, for the federation benchmark: a connected call to a test destination of the carrier
// simulator (it answers), then keypad presses (DTMF), mute and speaker at 4x CPU throttling, each interaction's latency
// read by the page's Event Timing API (page-metrics.ts observeInteractions).
import type { Browser, BrowserContextOptions } from '@playwright/test';
import { observeInteractions } from './page-metrics.ts';

/** A destination the carrier simulator answers after about 2 s (any number but its documented failures). */
export const answeredDestination = '+447400123456';

export type Control = 'keypad' | 'dtmf' | 'mute' | 'speaker';

export interface Interaction {
  control: Control;
  /** The interaction's latency (the longest event of it), ms; 0 when no event of it took 16 ms or more. */
  ms: number;
}

/**
 * One call from the dialer at `origin` with `session` (a funded user's, as the Auth client stores it): connected, then
 * at 4x CPU throttling the in-call keypad opened, `digits` pressed one by one, mute and speaker toggled `toggles` times
 * each, a pause after each press as a person leaves; hung up. Every press's latency.
 */
export async function inCallInteractions(
  browser: Browser,
  {
    origin,
    session,
    context: contextOptions,
    digits = '123456',
    toggles = 4,
    tracePath,
  }: { origin: string; session: string; context: BrowserContextOptions; digits?: string; toggles?: number; tracePath?: string },
): Promise<Interaction[]> {
  const context = await browser.newContext(contextOptions);
  try {
    await context.addInitScript((stored) => window.localStorage.setItem('ringwise-auth', stored), session);
    await context.addInitScript(observeInteractions);
    const page = await context.newPage();
    await page.goto(`${origin}/home?number=${encodeURIComponent(answeredDestination)}`);
    const call = page.getByRole('button', { name: 'Call', exact: true });
    await call.waitFor();
    await page.waitForFunction(() => document.querySelector('button[data-device="ready"]') !== null, null, { timeout: 30_000 });
    await call.click();
    const modal = page.getByRole('dialog');
    await modal.getByTestId('call-status').filter({ hasText: 'Connected' }).waitFor({ timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // a Chromium trace of the presses, to see what a slow one waited for
    if (tracePath) await browser.startTracing(page, { path: tracePath, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] });
    // each press's own time window: an interaction is the press it started in (its target may be gone: the mute
    // button's icon is swapped under the pointer)
    const windows: { control: Control; from: number }[] = [];
    const press = async (control: Control, locator: ReturnType<typeof modal.getByRole>) => {
      // a press at the button's middle, as a finger does: the mouse straight through CDP, without the locator click's
      // own listeners in the page (its hit-target check), which would add their time to every event measured
      const box = await locator.boundingBox();
      if (!box) throw new Error(`the ${control} button is not on screen`);
      windows.push({ control, from: await page.evaluate(() => performance.now()) });
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForTimeout(400);
    };
    await press('keypad', modal.getByRole('button', { name: 'Keypad' }));
    const keys = modal.getByRole('group', { name: 'Call keypad' });
    for (const digit of digits) await press('dtmf', keys.getByRole('button', { name: digit, exact: true }));
    for (let i = 0; i < toggles; i++) await press('mute', modal.getByRole('button', { name: 'Mute' }));
    for (let i = 0; i < toggles; i++) await press('speaker', modal.getByRole('button', { name: 'Speaker' }));
    // the last interactions' entries are delivered after their next paint
    await page.waitForTimeout(500);
    const seen = await page.evaluate(() => window.__interactions ?? []);
    if (tracePath) await browser.stopTracing();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await modal.getByRole('button', { name: /End Call/ }).click();
    await modal.getByTestId('call-status').filter({ hasText: 'Call Ended' }).waitFor({ timeout: 15_000 });
    // a press none of whose events reached 16 ms has no entry: it counts as under 16 ms (0)
    const pressed: Interaction[] = windows.map(({ control }) => ({ control, ms: 0 }));
    for (const entry of seen) {
      const i = windows.findLastIndex((w) => w.from <= entry.startTime);
      if (i >= 0) pressed[i]!.ms = Math.max(pressed[i]!.ms, entry.duration);
    }
    return pressed;
  } finally {
    await context.close();
  }
}
