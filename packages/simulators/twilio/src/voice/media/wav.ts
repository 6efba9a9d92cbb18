// WAV files (RIFF, PCM): what a recording is kept and served as (8 kHz mono 16-bit, like Twilio's recordings), and
// what <Play> reads to learn how long a file lasts and what to play.

export interface WavAudio {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** 16-bit PCM of the first channel (8-bit files widened); null when the encoding is not PCM. */
  pcm: Int16Array | null;
  durationMs: number;
}

/** A 16-bit mono PCM WAV file. */
export function wavFile(pcm: Int16Array, sampleRate: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(44 + pcm.length * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + pcm.length * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, pcm.length * 2, true);
  for (let i = 0; i < pcm.length; i++) view.setInt16(44 + i * 2, pcm[i] as number, true);
  return bytes;
}

/** Reads a WAV file's format and PCM; null when it is not a RIFF/WAVE file. */
export function readWav(bytes: Uint8Array): WavAudio | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') return null;
  let format: { code: number; channels: number; sampleRate: number; byteRate: number; bits: number } | null = null;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ' && size >= 16) {
      format = { code: view.getUint16(body, true), channels: view.getUint16(body + 2, true), sampleRate: view.getUint32(body + 4, true), byteRate: view.getUint32(body + 8, true), bits: view.getUint16(body + 14, true) };
    } else if (id === 'data' && format) {
      const length = Math.min(size, bytes.length - body);
      const durationMs = format.byteRate > 0 ? Math.round((length / format.byteRate) * 1000) : 0;
      const frameBytes = (format.channels * format.bits) / 8;
      let pcm: Int16Array | null = null;
      // 1: PCM, 0xfffe: WAVE_FORMAT_EXTENSIBLE (PCM is what is met in practice)
      if ((format.code === 1 || format.code === 0xfffe) && (format.bits === 16 || format.bits === 8) && frameBytes > 0) {
        pcm = new Int16Array(Math.floor(length / frameBytes));
        for (let i = 0; i < pcm.length; i++) {
          const at = body + i * frameBytes;
          pcm[i] = format.bits === 16 ? view.getInt16(at, true) : ((bytes[at] as number) - 128) << 8;
        }
      }
      return { sampleRate: format.sampleRate, channels: format.channels, bitsPerSample: format.bits, pcm, durationMs };
    }
    offset = body + size + (size % 2);
  }
  return null;
}
