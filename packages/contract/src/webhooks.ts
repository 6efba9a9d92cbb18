// The provider callbacks the api answers outside /api: where Stripe and Twilio deliver them. Plain data, the
// one place these paths are written: the api mounts its handlers here (`api/src/contract.test.ts` checks that
// every /webhooks route is one of these) and the /api reference documents them (openapi.ts). Their bodies are
// the providers' formats, read raw and checked by signature, so they have no TypeBox schemas.
export type WebhookProvider = 'stripe' | 'twilio';

export interface WebhookDefinition<Name extends string = string> {
  readonly name: Name;
  readonly method: 'POST';
  readonly path: string;
  readonly provider: WebhookProvider;
}

const webhook = <const Name extends string, const P extends string>(name: Name, path: P, provider: WebhookProvider) =>
  ({ name, method: 'POST', path, provider }) as const;

export const webhooks = {
  stripeEvents: webhook('stripeEvents', '/webhooks/stripe', 'stripe'),
  twilioVoice: webhook('twilioVoice', '/webhooks/twilio/voice', 'twilio'),
  twilioCallStatus: webhook('twilioCallStatus', '/webhooks/twilio/status', 'twilio'),
  twilioIncoming: webhook('twilioIncoming', '/webhooks/twilio/incoming', 'twilio'),
  twilioCallerId: webhook('twilioCallerId', '/webhooks/twilio/caller-id', 'twilio'),
  /** An incoming call's next step once the browser did not answer (the <Dial>'s action) and after the caller's
   *  message (the <Record>'s action): `?callId=…&step=unanswered|recorded`. */
  twilioVoicemail: webhook('twilioVoicemail', '/webhooks/twilio/voicemail', 'twilio'),
  /** A <Record>'s recordingStatusCallback: the caller's message is stored at the carrier. */
  twilioRecording: webhook('twilioRecording', '/webhooks/twilio/recording', 'twilio'),
} as const;

export type Webhooks = typeof webhooks;
export type WebhookName = keyof Webhooks;
