// GET /api/twilio/token: the browser device's access token, made with the SDK's AccessToken and a Voice grant
// (identity = the user's id, the TwiML App for outgoing calls, incoming allowed, TWILIO_TOKEN_TTL_SECONDS: 10 minutes). With the carrier
// simulator the same code signs it with the simulator's dev API key, which the simulator verifies.
import twilio from 'twilio';
import type { CallingToken } from '@ringwise/contract/schemas';
import { simulatorVoicePath } from '@ringwise/contract/simulator-voice';
import type { TwilioConfig } from '../../config.ts';
import { HttpError } from '../../plugins/errors.ts';

export function callingToken(config: TwilioConfig, userId: string, now = Date.now()): CallingToken {
  const { apiKeySid, apiKeySecret, twimlAppSid, tokenTtlSeconds } = config;
  if (!apiKeySid || !apiKeySecret || !twimlAppSid) {
    throw new HttpError(503, 'unavailable', 'Calling is not set up yet. Please try again later.');
  }
  const token = new twilio.jwt.AccessToken(config.accountSid, apiKeySid, apiKeySecret, { identity: userId, ttl: tokenTtlSeconds });
  token.addGrant(new twilio.jwt.AccessToken.VoiceGrant({ outgoingApplicationSid: twimlAppSid, incomingAllow: true }));
  return {
    token: token.toJwt(),
    identity: userId,
    expiresAt: new Date(now + tokenTtlSeconds * 1000).toISOString(),
    device: config.live ? 'twilio' : 'simulator',
    // the Voice SDK connects to wss://<chunderw>/signal: the carrier simulator's signalling, on its own origin
    signalling: config.simulatorUrl === null ? null : { chunderw: `${new URL(config.simulatorUrl).host}${simulatorVoicePath}` },
  };
}
