// The Voice SDK's sounds from this remote's own build (sounds/, made by sounds/tones.ts): the SDK would fetch
// them from sdk.twilio.com. Audio elements play them (call-sound.ts), so they come under media-src, which names
// the remotes' origins.
import type { Device } from '@twilio/voice-sdk';

const url = (relative: URL) => relative.href;

export const callSounds = {
  incoming: url(new URL('./sounds/incoming.wav', import.meta.url)),
  outgoing: url(new URL('./sounds/outgoing.wav', import.meta.url)),
  disconnect: url(new URL('./sounds/disconnect.wav', import.meta.url)),
  dtmf0: url(new URL('./sounds/dtmf-0.wav', import.meta.url)),
  dtmf1: url(new URL('./sounds/dtmf-1.wav', import.meta.url)),
  dtmf2: url(new URL('./sounds/dtmf-2.wav', import.meta.url)),
  dtmf3: url(new URL('./sounds/dtmf-3.wav', import.meta.url)),
  dtmf4: url(new URL('./sounds/dtmf-4.wav', import.meta.url)),
  dtmf5: url(new URL('./sounds/dtmf-5.wav', import.meta.url)),
  dtmf6: url(new URL('./sounds/dtmf-6.wav', import.meta.url)),
  dtmf7: url(new URL('./sounds/dtmf-7.wav', import.meta.url)),
  dtmf8: url(new URL('./sounds/dtmf-8.wav', import.meta.url)),
  dtmf9: url(new URL('./sounds/dtmf-9.wav', import.meta.url)),
  dtmfs: url(new URL('./sounds/dtmf-star.wav', import.meta.url)),
  dtmfh: url(new URL('./sounds/dtmf-hash.wav', import.meta.url)),
} satisfies Record<`${Device.SoundName}`, string>;
