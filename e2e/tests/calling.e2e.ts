// Calls in the browser with no Twilio keys: the official Voice SDK on the carrier simulator's signalling and media, a
// fake microphone (Chromium's), the app's voice webhook and status callbacks through the carrier simulator, and the
// money.
import { callFromPhone, dial, readyForIncomingCalls, receivedEnergyOver, watchPeerConnections } from '../calls.ts';
import { expect, signedInWithCredit, test } from '../fixtures.ts';

test('a call to a test destination: connected, its running cost, muted, hung up, charged exactly that, once', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const session = await signedInWithCredit(page, request);
  const modal = await dial(page, '+447400123456');
  await expect(modal.getByTestId('call-status')).toHaveText('Connected', { timeout: 15_000 });
  await expect(modal.getByTestId('call-subtitle')).toHaveText('Call in progress');
  const cost = modal.getByTestId('call-cost');
  // answered: the first minute is owed, and shown, from the first second
  await expect(cost).not.toHaveText('$0.00');
  await expect(modal.getByTestId('call-duration')).toHaveText(/00:0[3-9]/, { timeout: 10_000 });
  const shown = await cost.innerText();
  await modal.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect(page.getByText('Microphone is now off').first()).toBeVisible();
  // muted: the button is pressed and says what a press does now
  const unmute = modal.getByRole('button', { name: 'Unmute', exact: true });
  await expect(unmute).toHaveAttribute('aria-pressed', 'true');
  await expect(modal.getByRole('button', { name: 'Mute', exact: true })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('modal-muted-390.png') });
  await page.setViewportSize({ width: 1280, height: 720 });
  await modal.getByRole('button', { name: /End Call/ }).click();
  await expect(modal.getByTestId('call-status')).toHaveText('Call Ended');
  await expect(modal.getByRole('button', { name: /End Call/ })).toBeHidden();
  const ended = page.getByText(/Charged: \$\d+\.\d{2}/).first();
  await expect(ended).toBeVisible({ timeout: 10_000 });

  // the money: one call_charge, and the header balance lower by exactly that
  const headers = { authorization: `Bearer ${session.access_token}` };
  const calls = (await (await request.get('/api/calls', { headers })).json()) as { items: Array<{ cost: string; status: string; duration: number }> };
  expect(calls.items[0]).toMatchObject({ status: 'completed' });
  const charged = calls.items[0]!.cost;
  expect(Number(charged)).toBeGreaterThan(0);
  await expect(ended).toContainText(`Charged: $${charged}`);
  // the running cost was the charge (both in the first minute)
  expect(shown).toBe(`$${charged}`);
  await expect(page.getByTestId('header-balance')).toHaveText(`$${(10 - Number(charged)).toFixed(2)}`);
  const ledger = (await (await request.get('/api/transactions', { headers })).json()) as { items: Array<{ type: string; amount: string }> };
  expect(ledger.items.filter((t) => t.type === 'call_charge')).toEqual([expect.objectContaining({ amount: `-${charged}` })]);

  // and in Recent Calls
  await page.goto('/home/calls');
  await expect(page.getByRole('heading', { name: 'Recent Calls' })).toBeVisible();
  await expect(page.getByText(`-$${charged}`).first()).toBeVisible();
});

for (const [ending, status, look] of [
  ['0002', 'Busy', { icon: 'phone-off', tone: 'unreached' }],
  ['0003', 'No Answer', { icon: 'phone-missed', tone: 'unreached' }],
  ['0004', 'Call Failed', { icon: 'phone-off', tone: 'failed' }],
] as const) {
  test(`a destination ending ${ending} ends '${status}', not shown as a success, and costs nothing`, async ({ page, request }, testInfo) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signedInWithCredit(page, request, '5.00');
    const modal = await dial(page, `+4474001${ending.padStart(5, '2')}`);
    await expect(modal.getByTestId('call-status')).toHaveText(status, { timeout: 20_000 });
    const icon = modal.getByTestId('call-icon');
    await expect(icon).toHaveAttribute('data-icon', look.icon);
    await expect(icon).toHaveAttribute('data-tone', look.tone);
    await expect(modal.getByRole('button', { name: /End Call/ })).toBeHidden();
    if (ending === '0002') await page.screenshot({ path: testInfo.outputPath('modal-busy-390.png') });
    // the end's notice says what happened, not 'Call Ended · Duration 0:00 · Charged: $0.00'
    await expect(page.getByText('Not charged').first()).toBeVisible({ timeout: 5_000 });
    await expect(page.getByText(/Charged: \$/)).toHaveCount(0);
    await expect(page.getByTestId('header-balance')).toHaveText('$5.00');
  });
}

test('an incoming call to a purchased number is answered in the browser', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  await watchPeerConnections(page);
  const { number } = await readyForIncomingCalls(page, request);

  const phone = await callFromPhone(context, number);

  const modal = page.getByRole('dialog');
  await expect(modal.getByTestId('call-status')).toHaveText('Incoming Call', { timeout: 15_000 });
  await modal.getByRole('button', { name: /Accept/ }).click();
  await expect(modal.getByTestId('call-status')).toHaveText('Connected', { timeout: 15_000 });
  // the caller is heard: their phone's audio arrives in the page
  await expect.poll(async () => (await receivedEnergyOver(page)).energy, { timeout: 10_000 }).toBeGreaterThan(0);
  await modal.getByRole('button', { name: /End Call/ }).click();
  await expect(modal.getByTestId('call-status')).toHaveText('Call Ended');
  await phone.close();
});

test("incoming calls nobody took show in Recent Calls as 'Declined' (Reject) and 'Missed' (the caller gave up), not as failures", async ({ page, context, request }, testInfo) => {
  test.setTimeout(90_000);
  const { number } = await readyForIncomingCalls(page, request);
  const modal = page.getByRole('dialog');

  const rejected = await callFromPhone(context, number);
  await expect(modal.getByTestId('call-status')).toHaveText('Incoming Call', { timeout: 15_000 });
  await modal.getByRole('button', { name: /Reject/ }).click();
  await expect(modal).toBeHidden({ timeout: 10_000 });
  await rejected.close();

  // the caller hangs up while it rings
  const gaveUp = await callFromPhone(context, number);
  await expect(modal.getByTestId('call-status')).toHaveText('Incoming Call', { timeout: 15_000 });
  const ringing = gaveUp.getByRole('region', { name: 'Voice calls' }).getByRole('listitem').filter({ hasText: `to ${number}` }).first();
  await ringing.getByRole('button', { name: 'Hang up' }).click();
  await expect(modal).toBeHidden({ timeout: 10_000 });
  await gaveUp.close();

  await page.setViewportSize({ width: 390, height: 844 });
  const statuses = page.getByTestId('call-row').getByTestId('call-status');
  await expect
    .poll(async () => {
      await page.goto('/home/calls');
      await expect(page.getByRole('heading', { name: 'Recent Calls' })).toBeVisible();
      await expect(page.getByTestId('call-row').first()).toBeVisible();
      return statuses.allInnerTexts();
    }, { timeout: 20_000 })
    .toEqual(['Missed', 'Declined']);
  // neutral, each with its own icon, never the red of a failed outgoing call
  for (const status of await statuses.all()) await expect(status).toHaveAttribute('data-tone', 'neutral');
  const icons = page.getByTestId('call-row').getByTestId('call-direction');
  expect(await icons.evaluateAll((all) => all.map((icon) => icon.getAttribute('data-icon')))).toEqual(['missed', 'declined']);
  await expect(page.getByText('Busy')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('recent-calls-rejected-390.png') });
});
