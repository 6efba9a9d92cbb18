import { expect, test } from 'bun:test';
import twilio from 'twilio';
import { CallbackDelivery } from './delivery.ts';

test('a callback goes to the URL exactly as configured (the app behind its PUBLIC_URL), signed with it', async () => {
  const requests: Request[] = [];
  const delivery = new CallbackDelivery({
    authToken: 'token',
    fetch: async (input, init) => {
      requests.push(new Request(input, init));
      return new Response('<Response/>');
    },
    log: () => {},
  });
  const url = 'https://ringwise.example/webhooks/twilio/caller-id?user=1';
  delivery.send(url, 'POST', { To: '+14155550100', VerificationStatus: 'success' });
  delivery.send('https://elsewhere.example/hook', 'GET', { A: 'b' });
  await delivery.flush();
  expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST https://ringwise.example/webhooks/twilio/caller-id?user=1', 'GET https://elsewhere.example/hook?A=b']);
  const [post, get] = requests;
  const params = Object.fromEntries(new URLSearchParams(await post?.text()));
  expect(twilio.validateRequest('token', post?.headers.get('x-twilio-signature') ?? '', url, params)).toBe(true);
  expect(twilio.validateRequest('token', get?.headers.get('x-twilio-signature') ?? '', 'https://elsewhere.example/hook?A=b', {})).toBe(true);
  expect(delivery.sent.map((s) => s.outcome)).toEqual([200, 200]);
});
