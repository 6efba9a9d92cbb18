// Calls in the browser with no Twilio keys: the official Voice SDK on the carrier simulator's signalling and media, a
// fake microphone (Chromium's), the app's voice webhook and status callbacks through the carrier simulator, and the
// money.
import { callFromPhone, dial, readyForIncomingCalls, receivedEnergyOver, watchPeerConnections } from '../calls.ts';
import { expect, signedInWithCredit, test } from '../fixtures.ts';

test('a call to a test destination: connected, its running cost, hung up, charged exactly that, once', async ({ page, request }) => {
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
  await modal.getByRole('button', { name: 'Mute' }).click();
  await expect(page.getByText('Microphone is now off').first()).toBeVisible();
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

for (const [ending, status] of [
  ['0002', 'Busy'],
  ['0003', 'No Answer'],
  ['0004', 'Call Failed'],
] as const) {
  test(`a destination ending ${ending} ends '${status}' and costs nothing`, async ({ page, request }) => {
    test.setTimeout(60_000);
    await signedInWithCredit(page, request, '5.00');
    const modal = await dial(page, `+4474001${ending.padStart(5, '2')}`);
    await expect(modal.getByTestId('call-status')).toHaveText(status, { timeout: 20_000 });
    await expect(modal.getByRole('button', { name: /End Call/ })).toBeHidden();
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
