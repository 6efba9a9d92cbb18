// What the calling e2e tests share: dialling a number from the dialer, and the audio the page's WebRTC peer
// receives, read from its own getStats() as the browser reports it.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, signedInWithCredit } from './fixtures.ts';
import { phonePageUrl } from './e2e-env.ts';

/** Opens the dialer with `number`, waits for the calling device, presses Call; the Active Call dialog. */
export async function dial(page: Page, number: string) {
  await page.goto(`/home?number=${encodeURIComponent(number)}`);
  const callButton = page.getByRole('button', { name: 'Call', exact: true });
  // 'Connecting...' until the calling device has registered
  await expect(callButton).toBeEnabled({ timeout: 20_000 });
  await expect(page.getByText(/Rate ≈ \$\d+\.\d{3}\/min/)).toBeVisible();
  await callButton.click();
  return page.getByRole('dialog');
}

declare global {
  interface Window {
    __ringwisePeers?: RTCPeerConnection[];
  }
}

/** Keeps every RTCPeerConnection the page makes (the Voice SDK's among them) where the test can read its stats. */
export async function watchPeerConnections(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const peers: RTCPeerConnection[] = [];
    window.__ringwisePeers = peers;
    class Watched extends Native {
      constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
        super(...args);
        peers.push(this);
      }
    }
    Object.defineProperty(window, 'RTCPeerConnection', { value: Watched, configurable: true, writable: true });
  });
}

/** The audio energy the page's newest live peer has received so far (getStats' inbound-rtp totalAudioEnergy). */
async function receivedEnergy(page: Page): Promise<{ energy: number; packets: number } | null> {
  return page.evaluate(async () => {
    const live = (window.__ringwisePeers ?? []).filter((pc) => pc.connectionState !== 'closed');
    const pc = live.at(-1);
    if (!pc) return null;
    const stats = await pc.getStats();
    for (const report of stats.values()) {
      if (report.type === 'inbound-rtp' && report.kind === 'audio') {
        return { energy: Number(report.totalAudioEnergy ?? 0), packets: Number(report.packetsReceived ?? 0) };
      }
    }
    return null;
  });
}

/** The audio energy received over the next `ms`: near zero while the far end sends silence. */
export async function receivedEnergyOver(page: Page, ms = 1000): Promise<{ energy: number; packets: number }> {
  const before = await receivedEnergy(page);
  await page.waitForTimeout(ms);
  const after = await receivedEnergy(page);
  if (!before || !after) return { energy: 0, packets: 0 };
  return { energy: after.energy - before.energy, packets: after.packets - before.packets };
}

/** Buys a New York number for the user through the api, as the Numbers page does; its E.164. */
export async function buyNumber(request: APIRequestContext, accessToken: string): Promise<string> {
  const headers = { authorization: `Bearer ${accessToken}` };
  const found = (await (
    await request.post('/api/virtual-numbers/search', { headers, data: { country: 'US', areaCode: '212', searchType: 'starts_with', numberType: 'local' } })
  ).json()) as Array<{ phoneNumber: string; price: string }>;
  const number = found[0]!;
  const bought = await request.post('/api/virtual-numbers/purchase', { headers, data: { phoneNumber: number.phoneNumber, country: 'US', price: number.price, numberType: 'local' } });
  expect(bought.status()).toBe(201);
  return number.phoneNumber;
}

/** A phone outside calls `number` from the carrier simulator's phone page (`phonePage`: the production run's unless
 *  given), from `from` (else the page's default), with a tone as its voice or, with `microphone`, the page's own (its
 *  peer watched); the page, to hang up or look at later. */
export async function callFromPhone(context: BrowserContext, number: string, options: { microphone?: boolean; phonePage?: string; from?: string } = {}): Promise<Page> {
  const phone = await context.newPage();
  if (options.microphone) await watchPeerConnections(phone);
  await phone.goto(options.phonePage ?? phonePageUrl);
  await phone.getByLabel('To', { exact: true }).selectOption(number);
  if (options.from) await phone.getByLabel('From', { exact: true }).fill(options.from);
  if (options.microphone) await phone.getByLabel("Talk through this page's microphone", { exact: false }).check();
  await phone.getByRole('button', { name: 'Call', exact: true }).click();
  return phone;
}

/** A new user with $5.00 and a bought number, on the dialer once its device is ready: its session and the number. */
export async function readyForIncomingCalls(page: Page, request: APIRequestContext) {
  const session = await signedInWithCredit(page, request, '5.00');
  const number = await buyNumber(request, session.access_token);
  await page.goto('/home');
  // a user with a number: the device starts when the page is idle and registers for incoming calls once ready
  await expect(page.getByRole('button', { name: 'Call', exact: true })).toHaveAttribute('data-device', 'ready', { timeout: 20_000 });
  await page.waitForTimeout(500);
  return { session, number };
}
