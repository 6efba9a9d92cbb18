// Voicemail (issue 36) as the customer and a caller live it: nobody has Ringwise open, a phone calls the customer's
// number, hears the greeting and speaks (the phone page's fake microphone: a tone); the message is in Recent Calls,
// plays in the page, is e-mailed once, reaches its owner only, and can be deleted.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buyNumber, callFromPhone } from '../calls.ts';
import { e2eDataDir } from '../e2e-env.ts';
import { expect, newTestUser, signedInWithCredit, signUpThroughApi, test } from '../fixtures.ts';

/** The .eml files the api wrote to `to` about a voicemail. */
function voicemailMails(to: string): string[] {
  const dir = path.join(e2eDataDir, 'mail');
  const mails = existsSync(dir) ? readdirSync(dir).map((name) => readFileSync(path.join(dir, name), 'utf8').replace(/=\r?\n/g, '')) : [];
  return mails.filter((text) => text.includes(`To: ${to}`) && text.includes('New voicemail from'));
}

test('a call nobody answers ends in a voicemail: in Recent Calls, played in the page, e-mailed once, its owner\'s only', async ({ page, context, request }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const session = await signedInWithCredit(page, request, '5.00');
  const headers = { authorization: `Bearer ${session.access_token}` };
  const number = await buyNumber(request, session.access_token);
  const email = ((await (await request.get('/api/auth/user', { headers })).json()) as { email: string }).email;

  // no tab of the customer is open: the phone is greeted and records for a few seconds, then hangs up
  const phone = await callFromPhone(context, number, { microphone: true });
  await expect(phone.locator('#call-live-status')).toHaveText(/On the call/, { timeout: 20_000 });
  await phone.waitForTimeout(4000);
  await phone.locator('#call-live-hangup').click();
  await phone.close();

  await page.goto('/home/calls');
  const row = page.getByTestId('call-row').first();
  const voicemail = row.getByRole('group', { name: 'Voicemail' });
  await expect(async () => {
    await page.reload();
    await expect(voicemail).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(row.getByTestId('call-status')).toHaveText('Missed');
  await expect(voicemail).toContainText('Voicemail, not played yet');

  // it plays in the page: the audio element's time advances
  await voicemail.getByRole('button', { name: 'Play voicemail' }).click();
  const audio = voicemail.getByTestId('voicemail-audio');
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.5);
  await expect(voicemail.getByRole('button', { name: 'Pause voicemail' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('recent-calls-voicemail-playing-390.png') });
  await expect(voicemail).not.toContainText('Voicemail, not played yet');

  // what was recorded is the caller's voice (the tone), not silence
  const callId = ((await (await request.get('/api/calls', { headers })).json()) as { items: Array<{ id: string }> }).items[0]!.id;
  const wav = await (await request.get(`/api/calls/${callId}/voicemail`, { headers })).body();
  let energy = 0;
  for (let offset = 44; offset + 1 < wav.length; offset += 2) energy += wav.readInt16LE(offset) ** 2;
  expect(energy / ((wav.length - 44) / 2)).toBeGreaterThan(0);

  // its owner's only
  const stranger = (await signUpThroughApi(request, newTestUser())) as { access_token: string };
  expect((await request.get(`/api/calls/${callId}/voicemail`, { headers: { authorization: `Bearer ${stranger.access_token}` } })).status()).toBe(404);

  // the e-mail, once
  await expect.poll(() => voicemailMails(email).length, { timeout: 20_000 }).toBe(1);
  expect(voicemailMails(email)[0]).toContain('/home/calls');

  await voicemail.getByRole('button', { name: 'Delete voicemail' }).click();
  await page.screenshot({ path: testInfo.outputPath('voicemail-delete-confirm-390.png') });
  await voicemail.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(voicemail).toHaveCount(0);
  expect((await request.get(`/api/calls/${callId}/voicemail`, { headers })).status()).toBe(404);
  expect(voicemailMails(email)).toHaveLength(1);
});
