// The media of a browser call on the official Voice SDK against the carrier simulator: audio that really flows
// (the page's own getStats), Mute that really sends silence, keys that really reach the far end, a network that
// degrades, signalling that drops and comes back, an incoming call spoken from the phone page's microphone, and one
// turned down.
import { callFromPhone, dial, readyForIncomingCalls, receivedEnergyOver, watchPeerConnections } from '../calls.ts';
import { expect, signedInWithCredit, test } from '../fixtures.ts';
import { phonePageUrl } from '../e2e-env.ts';

test('audio flows both ways on an answered call, and Mute sends silence until unmuted', async ({ page, request }) => {
  test.setTimeout(90_000);
  await watchPeerConnections(page);
  await signedInWithCredit(page, request, '5.00');
  // the echo destination: whatever the microphone (Chromium's fake one: a beep) sends comes back 250 ms later
  const modal = await dial(page, '+447400123456');
  await expect(modal.getByTestId('call-status')).toHaveText('Connected', { timeout: 15_000 });
  await expect.poll(async () => (await receivedEnergyOver(page)).energy, { timeout: 10_000 }).toBeGreaterThan(0.0001);
  const speaking = await receivedEnergyOver(page, 2000);
  expect(speaking.packets).toBeGreaterThan(50);

  const mute = modal.getByRole('button', { name: 'Mute' });
  await mute.click();
  await expect(mute).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await receivedEnergyOver(page)).energy, { timeout: 10_000 }).toBeLessThan(speaking.energy / 100);
  const muted = await receivedEnergyOver(page, 2000);
  expect(muted.energy).toBeLessThan(speaking.energy / 1000);
  // silence, not nothing: the packets still flow
  expect(muted.packets).toBeGreaterThan(50);

  await mute.click();
  await expect(mute).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(async () => (await receivedEnergyOver(page)).energy, { timeout: 10_000 }).toBeGreaterThan(speaking.energy / 10);
  await modal.getByRole('button', { name: /End Call/ }).click();
  await expect(page.getByText(/Charged: \$\d+\.\d{2}/).first()).toBeVisible({ timeout: 10_000 });
});

test('keys pressed on the in-call keypad reach the far end as DTMF', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  await signedInWithCredit(page, request, '5.00');
  // the menu destination: a prompt of beeps, each key answered with its own tone
  const modal = await dial(page, '+447400100007');
  await expect(modal.getByTestId('call-status')).toHaveText('Connected', { timeout: 15_000 });
  await modal.getByRole('button', { name: 'Keypad' }).click();
  const keypad = modal.getByRole('group', { name: 'Call keypad' });
  for (const key of ['4', '2', '#']) await keypad.getByRole('button', { name: key, exact: true }).click();
  await expect(modal.getByLabel('Digits sent')).toHaveText('42#');

  // the carrier's side of the call hears them, as RFC 4733 telephone-events on the media, while the call goes on
  const phone = await context.newPage();
  await expect
    .poll(async () => {
      await phone.goto(phonePageUrl);
      return phone.getByRole('region', { name: 'Voice calls' }).getByRole('listitem').filter({ hasText: '+447400100007' }).first().innerText();
    }, { timeout: 10_000 })
    .toContain('Keys pressed: 42#');
  await expect(modal.getByTestId('call-status')).toHaveText('Connected');
  await modal.getByRole('button', { name: /End Call/ }).click();
  await expect(modal.getByTestId('call-status')).toHaveText('Call Ended');
});

test('signalling that drops mid-call reconnects: the call goes on and is charged once', async ({ page, request }) => {
  test.setTimeout(90_000);
  const session = await signedInWithCredit(page, request, '5.00');
  // the signalling-drop destination: its WebSocket closes 4 s after the answer and is refused for 3 s
  const modal = await dial(page, '+447400100006');
  const status = modal.getByTestId('call-status');
  await expect(status).toHaveText('Connected', { timeout: 15_000 });
  await expect(status).toHaveText('Reconnecting…', { timeout: 15_000 });
  await expect(status).toHaveText('Connected', { timeout: 30_000 });
  await expect(modal.getByTestId('call-duration')).toHaveText(/00:(0[89]|1\d)/, { timeout: 15_000 });
  await modal.getByRole('button', { name: /End Call/ }).click();
  await expect(page.getByText(/Charged: \$\d+\.\d{2}/).first()).toBeVisible({ timeout: 10_000 });

  const headers = { authorization: `Bearer ${session.access_token}` };
  const calls = (await (await request.get('/api/calls', { headers })).json()) as { items: Array<{ status: string; cost: string }> };
  expect(calls.items).toEqual([expect.objectContaining({ status: 'completed' })]);
  const ledger = (await (await request.get('/api/transactions', { headers })).json()) as { items: Array<{ type: string }> };
  expect(ledger.items.filter((t) => t.type === 'call_charge')).toHaveLength(1);
});

test('on a phone, a poor network shows in the call-quality indicator within 10 seconds', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInWithCredit(page, request, '5.00');
  // the impaired destination: a quarter of its packets lost, the rest late and jittery
  const modal = await dial(page, '+447400100005');
  await expect(modal.getByTestId('call-status')).toHaveText('Connected', { timeout: 15_000 });
  const connectedAt = Date.now();
  const indicator = modal.getByTestId('call-quality');
  await expect(indicator).toContainText('Call quality: Poor', { timeout: 10_000 });
  testInfo.annotations.push({ type: 'quality shown after', description: `${Date.now() - connectedAt} ms` });
  await expect(indicator).toBeInViewport({ ratio: 1 });
  const box = await indicator.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('poor-quality-390.png') });
  await modal.getByRole('button', { name: /End Call/ }).click();
  await expect(modal.getByTestId('call-status')).toHaveText('Call Ended');
});

test("an incoming call from the phone page's microphone: the dialer hears the caller and the caller hears the dialer", async ({ page, context, request }, testInfo) => {
  test.setTimeout(90_000);
  await watchPeerConnections(page);
  const { number } = await readyForIncomingCalls(page, request);
  const phone = await callFromPhone(context, number, { microphone: true });
  const phoneStatus = phone.locator('#call-live-status');
  await expect(phoneStatus).toHaveText(/Ringing/, { timeout: 15_000 });

  const modal = page.getByRole('dialog');
  await expect(modal.getByTestId('call-status')).toHaveText('Incoming Call', { timeout: 15_000 });
  await modal.getByRole('button', { name: /Accept/ }).click();
  await expect(modal.getByTestId('call-status')).toHaveText('Connected', { timeout: 15_000 });
  await expect(phoneStatus).toHaveText(/On the call/, { timeout: 5_000 });
  // the phone page on a phone: the call's state and its Hang up in view
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.locator('#call-live').scrollIntoViewIfNeeded();
  await phone.screenshot({ path: testInfo.outputPath('phone-microphone-390.png') });
  // each side's (fake) microphone reaches the other through the carrier simulator
  await expect.poll(async () => (await receivedEnergyOver(page)).energy, { timeout: 10_000 }).toBeGreaterThan(0);
  await expect.poll(async () => (await receivedEnergyOver(phone)).energy, { timeout: 10_000 }).toBeGreaterThan(0);

  // the caller hangs up from the phone page: the dialer's call ends
  await phone.locator('#call-live-hangup').click();
  await expect(phoneStatus).toHaveText(/You hung up/);
  await expect(modal.getByTestId('call-status')).toHaveText('Call Ended', { timeout: 10_000 });
});

test('an incoming call turned down with Reject rings no more, sends the caller to voicemail and costs nothing', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  const { session, number } = await readyForIncomingCalls(page, request);
  const headers = { authorization: `Bearer ${session.access_token}` };
  const balance = ((await (await request.get('/api/auth/user', { headers })).json()) as { balance: string }).balance;
  const phone = await callFromPhone(context, number);

  const modal = page.getByRole('dialog');
  await expect(modal.getByTestId('call-status')).toHaveText('Incoming Call', { timeout: 15_000 });
  await modal.getByRole('button', { name: /Reject/ }).click();
  await expect(modal).toBeHidden({ timeout: 10_000 });
  // the caller hears it: the browser's leg is over (busy), and the carrier goes on to the voicemail greeting
  const phoneCall = () => phone.getByRole('region', { name: 'Voice calls' }).getByRole('listitem').filter({ hasText: `to ${number}` }).first();
  await expect(async () => {
    await phone.reload();
    await expect(phoneCall().locator('p.state').first()).toContainText('dialled leg: Busy', { timeout: 1000 });
    await expect(phoneCall().locator('.said')).toContainText('Please leave a message', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  // the caller hangs up without leaving a message: the call is over
  await phoneCall().getByRole('button', { name: 'Hang up' }).click();
  await expect(async () => {
    await phone.reload();
    await expect(phoneCall().locator('p.state').first()).not.toContainText(/Ringing|In progress/, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId('header-balance')).toHaveText(`$${balance}`);
});

test('the calling token is renewed during a call that outlives it: the call goes on, and the next one connects', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tokens: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/twilio/token') tokens.push(response.status());
  });
  await watchPeerConnections(page);
  await signedInWithCredit(page, request, '5.00');
  // the e2e api issues 40 s tokens (TWILIO_TOKEN_TTL_SECONDS): the carrier simulator ends a session whose token ran out
  const modal = await dial(page, '+447400123456');
  await expect(modal.getByTestId('call-status')).toHaveText('Connected', { timeout: 15_000 });
  await expect.poll(() => tokens.length, { timeout: 45_000 }).toBeGreaterThanOrEqual(2);
  expect(tokens.every((status) => status === 200)).toBe(true);
  // past the first token's end
  await expect(modal.getByTestId('call-duration')).toHaveText(/00:4\d/, { timeout: 30_000 });
  await expect(modal.getByTestId('call-status')).toHaveText('Connected');
  expect((await receivedEnergyOver(page)).energy).toBeGreaterThan(0);
  await expect(page.getByText(/calling session (expired|is not valid)/)).toHaveCount(0);
  await modal.getByRole('button', { name: /End Call/ }).click();
  await expect(page.getByText(/Charged: \$\d+\.\d{2}/).first()).toBeVisible({ timeout: 10_000 });
  await expect(modal).toBeHidden({ timeout: 10_000 });

  // the device, on its renewed token, places the next call (the number field was cleared when the first started)
  await page.getByRole('textbox', { name: 'Phone number' }).fill('7400 123456');
  await page.getByRole('button', { name: 'Call', exact: true }).click();
  await expect(page.getByRole('dialog').getByTestId('call-status')).toHaveText('Connected', { timeout: 15_000 });
  await page.getByRole('dialog').getByRole('button', { name: /End Call/ }).click();
});
