// The WAV files of voicemail greetings (issue 36), one module for both sides: the browser writes what it recorded as
// 16-bit PCM mono (encodeWav), the api reads a file's format before keeping it (readWav). Plain values only: the
// browser imports this.

export const greetingContentType = 'audio/wav';
export const maxGreetingBytes = 1024 * 1024;
export const maxGreetingSeconds = 60;
/** What the browser records at: telephone quality, so a minute stays under 1 MB. */
export const greetingSampleRate = 8000;

export const greetingMessages = {
  tooLarge: 'A greeting is at most 1 MB.',
  notWav: 'A greeting must be a WAV file: PCM, mono, 16-bit, 8 to 48 kHz.',
  tooShort: 'A greeting must be at least 1 second long.',
  tooLong: `A greeting must be at most ${maxGreetingSeconds} seconds long.`,
} as const;

const headerBytes = 44;

/** A WAV file of 16-bit mono PCM samples (each -1..1, clipped). */
export function encodeWav(samples: Float32Array, sampleRate: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(headerBytes + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) {
    const sample = Math.max(-1, Math.min(1, samples[i] ?? 0));
    view.setInt16(headerBytes + i * 2, Math.round(sample * 0x7fff), true);
  }
  return bytes;
}

export interface WavFormat {
  sampleRate: number;
  /** Whole seconds, rounded. */
  durationSeconds: number;
}

/** The format of a 16-bit mono PCM WAV file at 8-48 kHz, or null for anything else (its chunks walked, not assumed). */
export function readWav(bytes: Uint8Array): WavFormat | null {
  if (bytes.length < headerBytes) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE') return null;
  let sampleRate = 0;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > bytes.length) return null;
      const format = view.getUint16(body, true);
      const channels = view.getUint16(body + 2, true);
      const bits = view.getUint16(body + 14, true);
      sampleRate = view.getUint32(body + 4, true);
      if (format !== 1 || channels !== 1 || bits !== 16 || sampleRate < 8000 || sampleRate > 48000) return null;
    } else if (id === 'data') {
      if (sampleRate === 0) return null;
      const length = Math.min(size, bytes.length - body);
      return { sampleRate, durationSeconds: Math.round(length / 2 / sampleRate) };
    }
    offset = body + size + (size % 2);
  }
  return null;
}
