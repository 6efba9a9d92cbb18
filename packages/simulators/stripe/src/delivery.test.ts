import { describe, expect, test } from 'bun:test';
import Stripe from 'stripe';
import { signatureHeader } from './delivery.ts';

const stripe = new Stripe('sk_test_simulator');
const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'checkout.session.completed', data: { object: {} } }, null, 2);

describe('Stripe-Signature', () => {
  test('is what stripe-node verifies: HMAC-SHA256 of "t.body" keyed with the whole whsec_ string', async () => {
    const now = Math.floor(Date.now() / 1000);
    const header = signatureHeader(payload, 'whsec_dev', now);
    const event = await stripe.webhooks.constructEventAsync(payload, header, 'whsec_dev');
    expect(event.id).toBe('evt_1');
    // the SDK's own test signer computes the same v1
    const sdkHeader = await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: 'whsec_dev', timestamp: now });
    expect(header.split(',').slice(0, 2).join(',')).toBe(sdkHeader);
  });

  test('fails with another secret, another body, or a timestamp older than 300 s', async () => {
    const now = Math.floor(Date.now() / 1000);
    const header = signatureHeader(payload, 'whsec_dev', now);
    await expect(stripe.webhooks.constructEventAsync(payload, header, 'whsec_other')).rejects.toBeInstanceOf(Stripe.errors.StripeSignatureVerificationError);
    await expect(stripe.webhooks.constructEventAsync(`${payload} `, header, 'whsec_dev')).rejects.toBeInstanceOf(Stripe.errors.StripeSignatureVerificationError);
    const old = signatureHeader(payload, 'whsec_dev', now - 301);
    await expect(stripe.webhooks.constructEventAsync(payload, old, 'whsec_dev')).rejects.toBeInstanceOf(Stripe.errors.StripeSignatureVerificationError);
  });
});
