// The Voice SDK's sounds, made here rather than fetched from sdk.twilio.com (no request may leave the app's
// origins): DTMF key tones, the incoming ring, the connected chime and the hang-up beeps, as small WAV files
// (8 kHz, 8-bit mono). The files beside this module are its output, checked by tones.test.ts; after a change
// run `bun mfe-dialer/src/calling/sounds/write-sounds.ts`.

const SAMPLE_RATE = 8000;
/** Each tone fades in and out over this long, so it starts and ends without a click. */
const FADE_SECONDS = 0.005;

/** A stretch of sound: frequencies played together for `seconds` (none: silence). */
interface Tone {
  hz: readonly number[];
  seconds: number;
}

const silence = (seconds: number): Tone => ({ hz: [], seconds });

/** The DTMF pairs (ITU-T Q.23): row and column frequency of each key. */
const dtmfPairs: Record<string, readonly [number, number]> = {
  '1': [697, 1209], '2': [697, 1336], '3': [697, 1477],
  '4': [770, 1209], '5': [770, 1336], '6': [770, 1477],
  '7': [852, 1209], '8': [852, 1336], '9': [852, 1477],
  star: [941, 1209], '0': [941, 1336], hash: [941, 1477],
};

/** spec §9: a DTMF tone lasts 160 ms. */
const DTMF_SECONDS = 0.16;

/** Every sound by its file name (without .wav), as the SDK's Device.SoundName needs them. */
export const soundTones: Record<string, readonly Tone[]> = {
  ...Object.fromEntries(Object.entries(dtmfPairs).map(([key, pair]) => [`dtmf-${key}`, [{ hz: pair, seconds: DTMF_SECONDS }]])),
  // two short rings and a pause; the SDK loops it while the call waits
  incoming: [{ hz: [440, 480], seconds: 0.4 }, silence(0.2), { hz: [440, 480], seconds: 0.4 }, silence(2)],
  // played once when an outgoing call is answered
  outgoing: [{ hz: [660], seconds: 0.12 }, { hz: [880], seconds: 0.18 }],
  disconnect: [{ hz: [620], seconds: 0.12 }, silence(0.05), { hz: [480], seconds: 0.12 }, silence(0.05), { hz: [400], seconds: 0.2 }],
};

function samplesOf(tones: readonly Tone[]): Uint8Array {
  const total = tones.reduce((sum, tone) => sum + Math.round(tone.seconds * SAMPLE_RATE), 0);
  const out = new Uint8Array(total).fill(128);
  let at = 0;
  for (const { hz, seconds } of tones) {
    const count = Math.round(seconds * SAMPLE_RATE);
    const fade = Math.round(FADE_SECONDS * SAMPLE_RATE);
    for (let i = 0; i < count && hz.length > 0; i++) {
      const t = i / SAMPLE_RATE;
      const envelope = Math.min(1, i / fade, (count - 1 - i) / fade);
      const value = hz.reduce((sum, f) => sum + Math.sin(2 * Math.PI * f * t), 0) / hz.length;
      out[at + i] = 128 + Math.round(value * envelope * 100);
    }
    at += count;
  }
  return out;
}

/** A RIFF/WAVE file of 8-bit unsigned mono PCM samples. */
function wav(samples: Uint8Array): Uint8Array {
  const file = new Uint8Array(44 + samples.length);
  const view = new DataView(file.buffer);
  const ascii = (offset: number, text: string) => [...text].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples.length, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, SAMPLE_RATE, true);
  view.setUint32(28, SAMPLE_RATE, true); // bytes per second
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, samples.length, true);
  file.set(samples, 44);
  return file;
}

/** Each sound's WAV file by its name. */
export function soundFiles(): Record<string, Uint8Array> {
  return Object.fromEntries(Object.entries(soundTones).map(([name, tones]) => [`${name}.wav`, wav(samplesOf(tones))]));
}
