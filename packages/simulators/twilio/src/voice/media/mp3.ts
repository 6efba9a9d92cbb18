// A recording as MP3 (…/Recordings/{RE}.mp3): LAME in pure JavaScript (@breezystack/lamejs, a maintained fork of
// lamejs), so no WebAssembly heap is involved. 32 kbit/s mono suits 8 kHz speech.
import { Mp3Encoder } from '@breezystack/lamejs';

const blockSamples = 1152;

export function mp3Of(pcm: Int16Array, sampleRate: number): Uint8Array {
  const encoder = new Mp3Encoder(1, sampleRate, 32);
  const parts: Uint8Array[] = [];
  for (let start = 0; start < pcm.length; start += blockSamples) parts.push(encoder.encodeBuffer(pcm.subarray(start, start + blockSamples)));
  parts.push(encoder.flush());
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(new Uint8Array(part.buffer, part.byteOffset, part.byteLength), offset);
    offset += part.length;
  }
  return out;
}
