// Opus at the far end of a call: 20 ms mono frames at 48 kHz (what WebRTC's Opus carries). libopus itself, through
// opusscript (WebAssembly), so the frames are real Opus the browser decodes. Only tones.ts (once per process) and
// tests make a codec: no call has one, because opusscript's WebAssembly memory grows as codecs are made and the
// codecs made before the growth go on using views of the old, detached buffer (RangeError, out-of-bounds access).
import OpusScript from 'opusscript';

export const opusClockRate = 48_000;
export const frameMs = 20;
/** Samples (and RTP timestamp units) in one frame. */
export const frameSamples = (opusClockRate * frameMs) / 1000;

export interface OpusEncoder {
  encode(pcm: Int16Array): Buffer;
  close(): void;
}

export interface OpusDecoder {
  /** The frame's samples, or null when it is not Opus the decoder can read. */
  decode(payload: Buffer): Int16Array | null;
  close(): void;
}

export function createOpusEncoder(): OpusEncoder {
  const codec = new OpusScript(opusClockRate, 1, OpusScript.Application.VOIP);
  return {
    encode: (pcm) => Buffer.from(codec.encode(Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength), pcm.length)),
    close: () => codec.delete(),
  };
}

/** A decoder to mono PCM at `sampleRate` (8, 12, 16, 24 or 48 kHz: libopus resamples). */
export function createOpusDecoder(sampleRate: 8000 | 12_000 | 16_000 | 24_000 | 48_000 = opusClockRate): OpusDecoder {
  const codec = new OpusScript(sampleRate, 1, OpusScript.Application.VOIP);
  return {
    decode(payload) {
      try {
        const bytes = codec.decode(payload);
        return new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
      } catch {
        return null;
      }
    },
    close: () => codec.delete(),
  };
}
