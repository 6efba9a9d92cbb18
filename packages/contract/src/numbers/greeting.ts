// A virtual number's voicemail greeting (issue 36): what callers hear before leaving a message. The customer records
// it in the browser (Settings → Numbers); it is sent as a WAV file (PCM, mono, 16-bit, 8-48 kHz, 1 to 60 s).
//   GET    /api/virtual-numbers/{id}/greeting        → {greeting: {durationSeconds, createdAt} | null}
//   PUT    /api/virtual-numbers/{id}/greeting        (body: audio/wav) → the same
//   DELETE /api/virtual-numbers/{id}/greeting        → 204 (callers hear the spoken default again)
//   GET    /api/virtual-numbers/{id}/greeting/audio  → audio/wav, the owner's to listen to
//   GET    /api/voicemail-greetings/{id}             → audio/wav, public: where the carrier fetches it for <Play>
import { Type, type Static } from '@sinclair/typebox';
import { IdParams, NoContent, Nullable, Timestamp } from '../values.ts';

export * from './greeting-wav.ts';


export const VoicemailGreeting = Type.Object(
  {
    greeting: Nullable(Type.Object({ durationSeconds: Type.Integer({ minimum: 1 }), createdAt: Timestamp }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type VoicemailGreeting = Static<typeof VoicemailGreeting>;

export const greetingSchemas = {
  getVoicemailGreeting: { params: IdParams, response: { 200: VoicemailGreeting } },
  uploadVoicemailGreeting: { params: IdParams, response: { 200: VoicemailGreeting } },
  deleteVoicemailGreeting: { params: IdParams, response: { 204: NoContent } },
  getVoicemailGreetingAudio: { params: IdParams, response: {} },
  carrierGreetingAudio: { params: IdParams, response: {} },
};
