// How loud the browser's audio is: each received frame's RMS level (0 to 32767), and how many frames carried sound
// rather than silence, so a test can tell a muted microphone (Opus silence) from a live one.

/** Frames quieter than this RMS (about -50 dBFS) count as silence. */
export const silenceRms = 100;

export function rms(pcm: Int16Array): number {
  if (pcm.length === 0) return 0;
  let sum = 0;
  for (const sample of pcm) sum += sample * sample;
  return Math.sqrt(sum / pcm.length);
}

export interface AudioLevel {
  /** Audio frames received (Opus packets of the call's codec). */
  frames: number;
  /** Of those, the frames above the silence level. */
  voicedFrames: number;
  /** The RMS of the last frame, 0 to 32767. */
  lastRms: number;
  /** The loudest frame so far. */
  peakRms: number;
}

export class AudioMeter {
  #level: AudioLevel = { frames: 0, voicedFrames: 0, lastRms: 0, peakRms: 0 };

  add(pcm: Int16Array): void {
    const level = rms(pcm);
    this.#level.frames++;
    if (level >= silenceRms) this.#level.voicedFrames++;
    this.#level.lastRms = Math.round(level);
    this.#level.peakRms = Math.max(this.#level.peakRms, Math.round(level));
  }

  get level(): AudioLevel {
    return { ...this.#level };
  }
}
