// A customer records their own voicemail greeting in Settings → Numbers (issue 36): the browser's microphone (a
// fake one, its tone), listened to, saved as the number's greeting, then a caller who is not answered hears it.
import { expect, consoleOf, signedInWithCredit, test } from '../fixtures.ts';
import { buyNumber } from '../calls.ts';

test('a greeting recorded in the browser is saved for the number, listened to again, and removed', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const session = await signedInWithCredit(page, request, '10.00');
  await buyNumber(request, session.access_token);
  const messages = consoleOf(page);
  await page.goto('/home/settings');
  await page.getByRole('tab', { name: 'Numbers' }).click();

  const greeting = page.getByRole('group', { name: /Voicemail greeting for/ });
  await expect(greeting).toContainText('Standard spoken greeting');
  await greeting.getByRole('button', { name: 'Record greeting' }).click();
  await expect(greeting.getByRole('status')).toContainText('Recording… 0:02', { timeout: 10_000 });
  await greeting.getByRole('button', { name: 'Stop' }).click();
  const review = greeting.getByLabel('Your new greeting');
  await expect(review).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('greeting-review-390.png'), fullPage: true });
  await greeting.getByRole('button', { name: 'Save greeting' }).click();
  await expect(greeting).toContainText(/Your recorded greeting \(0:0[2-4]\)/);

  // what the api keeps: a WAV of the fake microphone's tone, with energy
  const [number] = (await (await request.get('/api/virtual-numbers', { headers: { authorization: `Bearer ${session.access_token}` } })).json()) as Array<{ id: string }>;
  const audio = await request.get(`/api/virtual-numbers/${number!.id}/greeting/audio`, { headers: { authorization: `Bearer ${session.access_token}` } });
  expect(audio.headers()['content-type']).toBe('audio/wav');
  const wav = await audio.body();
  let energy = 0;
  for (let offset = 44; offset + 1 < wav.length; offset += 2) energy += wav.readInt16LE(offset) ** 2;
  expect(energy / ((wav.length - 44) / 2)).toBeGreaterThan(0);

  await greeting.getByRole('button', { name: 'Listen' }).click();
  await expect(greeting.getByLabel('Your greeting')).toBeVisible();
  await greeting.getByRole('button', { name: 'Use the standard greeting' }).click();
  await expect(greeting).toContainText('Standard spoken greeting');
  expect(messages).toEqual([]);
});
