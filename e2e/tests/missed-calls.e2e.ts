// Missed calls (issue 36) at 390 px: a call to the user's number that nobody answers rings the browser for 25 s, then
// is 'Missed' in Recent Calls with a count on the Calls tab, which opening Recent Calls clears (for good: a reload
// keeps it cleared).
import { callFromPhone, readyForIncomingCalls } from '../calls.ts';
import { expect, test } from '../fixtures.ts';

test("a call nobody answers is 'Missed', counted on the Calls tab until Recent Calls is opened", async ({ page, context, request }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { session, number } = await readyForIncomingCalls(page, request);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const badge = nav.getByTestId('missed-calls-badge');
  await expect(nav.getByRole('link', { name: 'Calls', exact: true })).toBeVisible();
  await expect(badge).toHaveCount(0);

  const phone = await callFromPhone(context, number);
  const modal = page.getByRole('dialog');
  await expect(modal.getByTestId('call-status')).toHaveText('Incoming Call', { timeout: 15_000 });
  const rangAt = Date.now();
  // nobody answers: the browser stops ringing when the carrier's <Dial timeout> (25 s) passes
  await expect(modal).toBeHidden({ timeout: 40_000 });
  expect(Date.now() - rangAt).toBeGreaterThan(20_000);
  await phone.close();

  const callsTab = nav.getByRole('link', { name: 'Calls, 1 missed' });
  await expect(callsTab).toBeVisible({ timeout: 10_000 });
  await expect(badge).toHaveText('1');
  await nav.screenshot({ path: testInfo.outputPath('calls-tab-missed-390.png') });
  await page.screenshot({ path: testInfo.outputPath('dialer-with-missed-badge-390.png') });

  await callsTab.click();
  await expect(page.getByRole('heading', { name: 'Recent Calls' })).toBeVisible();
  const row = page.getByTestId('call-row').first();
  await expect(row.getByTestId('call-status')).toHaveText('Missed');
  await expect(row.getByTestId('call-status')).toHaveAttribute('data-tone', 'neutral');
  await expect(row.getByTestId('call-direction')).toHaveAttribute('data-icon', 'missed');
  await expect(row.getByTestId('call-cost')).toHaveText('$0.00');
  await page.screenshot({ path: testInfo.outputPath('recent-calls-missed-390.png') });

  // seen: no count anywhere, on the server too
  const headers = { authorization: `Bearer ${session.access_token}` };
  await expect.poll(async () => (await (await request.get('/api/calls/unseen', { headers })).json()) as unknown, { timeout: 5_000 }).toEqual({ missed: 0 });
  await nav.getByRole('link', { name: 'Dialer' }).click();
  await expect(nav.getByRole('link', { name: 'Calls', exact: true })).toBeVisible();
  await expect(badge).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Call', exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(nav.getByRole('link', { name: 'Calls', exact: true })).toBeVisible();
  await expect(badge).toHaveCount(0);
});
