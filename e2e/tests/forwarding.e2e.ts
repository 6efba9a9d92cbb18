// Call forwarding (issue 36) as the customer lives it: they verify their own phone, forward every call of their
// Ringwise number to it in Settings → Numbers, and a caller's call rings that phone (the carrier simulator's phone
// page, where they answer and hang up); the forwarded minutes are charged at its rate, once, and Recent Calls lists
// the call as "Forwarded" with its cost. With $0.00 the caller is told the call cannot be forwarded.
import { buyNumber, callFromPhone } from '../calls.ts';
import { phonePageUrl } from '../e2e-env.ts';
import { expect, grantAdmin, newTestUser, signedInWithCredit, signUpThroughApi, test } from '../fixtures.ts';
import type { APIRequestContext, BrowserContext } from '@playwright/test';

/** This run's own phone: one per run in one api process (a number is one account's caller ID at a time), in the
 *  fictional 555-02XX range (numbers.e2e.ts uses 555-01XX). */
function ownPhone(offset: number): string {
  const info = test.info();
  const run = (info.repeatEachIndex * (info.project.retries + 1) + info.retry) % 40;
  return `+1415555${String(200 + run * 2 + offset).padStart(4, '0')}`;
}

/** Verifies `phone` for the user: the api places the verification call, the code is typed on the phone page. */
async function verifyOwnPhone(request: APIRequestContext, context: BrowserContext, accessToken: string, phone: string) {
  const headers = { authorization: `Bearer ${accessToken}` };
  const initiated = await request.post('/api/verified-caller-ids/initiate', { headers, data: { phoneNumber: phone, friendlyName: 'My mobile' } });
  expect(initiated.status()).toBe(201);
  const { validationCode } = (await initiated.json()) as { validationCode: string };
  const page = await context.newPage();
  await page.goto(`${phonePageUrl}?number=${encodeURIComponent(phone)}`);
  await page.getByLabel('Verification code').first().fill(validationCode);
  await page.getByRole('button', { name: 'Enter code' }).first().click();
  await expect(page.getByText(/verified/i).first()).toBeVisible();
  await page.close();
  await expect
    .poll(async () => ((await (await request.get('/api/verified-caller-ids', { headers })).json()) as Array<{ verificationStatus: string }>)[0]?.verificationStatus, { timeout: 15_000 })
    .toBe('verified');
}

test('every call forwarded to the verified phone: it rings there, is answered, charged its per-minute price once, listed as Forwarded', async ({ page, context, request }, testInfo) => {
  test.setTimeout(120_000);
  const session = await signedInWithCredit(page, request, '5.00');
  const headers = { authorization: `Bearer ${session.access_token}` };
  const number = await buyNumber(request, session.access_token);
  const phone = ownPhone(0);
  await verifyOwnPhone(request, context, session.access_token, phone);

  // Settings → Numbers: forward every call of the number to the verified phone
  await page.goto('/home/settings');
  await page.getByRole('tab', { name: 'Numbers' }).click();
  const forwarding = page.getByRole('region', { name: 'Call Forwarding' });
  // from the keyboard: the calls not answered in the browser
  const mode = forwarding.getByRole('combobox', { name: 'Forward calls' });
  await mode.focus();
  await page.keyboard.press('Enter');
  // the list opens on the current choice
  await expect(page.getByRole('option', { name: 'Off' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: "When I don't answer" })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(forwarding.getByRole('status')).toContainText("Calls you don't answer in the browser ring");
  await expect(mode).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('forwarding-settings-desktop.png') });
  // with the mouse: every call
  await mode.click();
  await page.getByRole('option', { name: 'Always' }).click();
  await expect(forwarding.getByRole('status')).toContainText('Every call ring');
  await expect(forwarding.getByRole('combobox', { name: 'To' })).toContainText('My mobile');
  await page.setViewportSize({ width: 390, height: 844 });
  await forwarding.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('forwarding-settings-390.png') });
  await page.setViewportSize({ width: 1280, height: 720 });
  const balanceBefore = ((await (await request.get('/api/auth/user', { headers })).json()) as { balance: string }).balance;

  // a caller calls the Ringwise number: the own phone rings on the phone page, and is answered there
  const caller = await callFromPhone(context, number);
  const item = caller.getByRole('region', { name: 'Voice calls' }).getByRole('listitem').filter({ hasText: `to ${number}` }).first();
  await expect(async () => {
    await caller.reload();
    await expect(item).toContainText(`Your phone ${phone} is ringing.`, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await item.getByRole('button', { name: 'Answer' }).click();
  await expect(item).toContainText(`Your phone ${phone} is on the call.`);
  await caller.waitForTimeout(3000);
  await item.getByRole('button', { name: 'Hang up' }).click();
  // the own phone hung up: the carrier's <Dial> is over, and so is the call
  await expect(async () => {
    await caller.reload();
    await expect(item.locator('p.state').first()).toContainText('(dialled leg: Ended)', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });

  // charged its per-minute price at the rate of the forwarded-to number, once
  const rate = (await (await request.get(`/api/rates/lookup?number=${encodeURIComponent(phone)}`)).json()) as { pricePerMinute: string; initialIncrement: number };
  type Listed = { id: string; cost: string; status: string; duration: number; forwardedFrom?: string | null; costItems: { rate: string; billedSeconds: number } | null };
  let forwarded: Listed | undefined;
  await expect
    .poll(async () => {
      const calls = (await (await request.get('/api/calls', { headers })).json()) as { items: Listed[] };
      forwarded = calls.items.find((call) => call.forwardedFrom && call.costItems);
      return forwarded?.status;
    }, { timeout: 15_000 })
    .toBe('completed');
  expect(forwarded!.costItems).toMatchObject({ rate: rate.pricePerMinute, billedSeconds: rate.initialIncrement });
  expect(forwarded!.duration).toBeGreaterThan(0);
  expect(forwarded!.duration).toBeLessThanOrEqual(rate.initialIncrement);
  expect(Number(forwarded!.cost)).toBeGreaterThan(0);
  const ledger = (await (await request.get('/api/transactions', { headers })).json()) as { items: Array<{ type: string; amount: string }> };
  expect(ledger.items.filter((entry) => entry.type === 'call_charge')).toEqual([expect.objectContaining({ amount: `-${forwarded!.cost}` })]);
  const balanceAfter = ((await (await request.get('/api/auth/user', { headers })).json()) as { balance: string }).balance;
  expect(Math.round((Number(balanceBefore) - Number(balanceAfter)) * 100)).toBe(Math.round(Number(forwarded!.cost) * 100));

  // Recent Calls: one entry, "Forwarded", the caller as its party, where it rang and what it cost
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/home/calls');
  const row = page.getByTestId('call-row').first();
  await expect(row.getByTestId('call-status')).toHaveText('Forwarded', { timeout: 15_000 });
  await expect(page.getByTestId('call-row')).toHaveCount(1);
  await expect(row.getByTestId('call-forwarded-to')).toContainText('Forwarded to');
  await expect(row.getByTestId('call-cost')).toHaveText(`-$${forwarded!.cost}`);
  await page.screenshot({ path: testInfo.outputPath('forwarded-in-recent-calls-390.png') });
});

test('with $0.00 a forwarded call is refused with a spoken message, and the caller may leave a voicemail', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  const session = await signedInWithCredit(page, request, '5.00');
  const headers = { authorization: `Bearer ${session.access_token}` };
  const number = await buyNumber(request, session.access_token);
  // what is left after the number ($3.85) taken back by an admin: $0.00
  const admin = newTestUser();
  const adminSession = (await signUpThroughApi(request, admin)) as { access_token: string };
  grantAdmin(admin.email);
  const customer = (await (await request.get('/api/auth/user', { headers })).json()) as { id: string; balance: string };
  const adjusted = await request.post(`/api/admin/users/${customer.id}/adjustments`, {
    headers: { authorization: `Bearer ${adminSession.access_token}` },
    data: { amount: `-${customer.balance}`, reason: 'test: an empty balance' },
  });
  expect(adjusted.status(), await adjusted.text()).toBe(200);
  const phone = ownPhone(1);
  await verifyOwnPhone(request, context, session.access_token, phone);
  const [owned] = (await (await request.get('/api/virtual-numbers', { headers })).json()) as Array<{ id: string }>;
  expect((await request.put(`/api/virtual-numbers/${owned!.id}/forwarding`, { headers, data: { mode: 'always', to: phone } })).status()).toBe(200);
  expect(((await (await request.get('/api/auth/user', { headers })).json()) as { balance: string }).balance).toBe('0.00');

  const caller = await callFromPhone(context, number);
  const item = caller.getByRole('region', { name: 'Voice calls' }).getByRole('listitem').filter({ hasText: `to ${number}` }).first();
  await expect(async () => {
    await caller.reload();
    await expect(item.locator('.said')).toContainText('This call cannot be forwarded right now.', { timeout: 1000 });
    await expect(item.locator('.said')).toContainText('Please leave a message', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(item).not.toContainText('Your phone');
  await item.getByRole('button', { name: 'Hang up' }).click();
  expect(((await (await request.get('/api/auth/user', { headers })).json()) as { balance: string }).balance).toBe('0.00');
});
