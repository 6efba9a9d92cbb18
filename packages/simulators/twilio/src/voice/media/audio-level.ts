// How loud the browser's audio is, without decoding it: each received frame's level and how many frames carried
// sound rather than silence, so a test can tell a muted microphone from a live one.
//
// From the RFC 6464 audio level the browser puts in each packet's header (Chrome, Firefox and Safari do once the
// SDP negotiates urn:ietf:params:rtp-hdrext:ssrc-audio-level): a level of L -dBov is an RMS of 32768 * 10^(-L/20)
// on the 0-32767 scale (WebRTC measures dBov against a full-scale square wave: Chromium sends 9 for a sine of half
// full scale, RMS 11585), and 127, digital silence, is 0. A frame is voiced at RMS 100 (-50 dBov) or more, so at
// L <= 50. The extension's voice-activity bit is not used: Chromium sets it on every packet, muted or not.
//
// From the Opus packet when there is no level (opus-packet.ts): a frame is voiced when its encoder did not flag it
// silent. Its level is not in the packet, so a voiced frame counts as `silenceRms` (at least audible) and a silent
// one as 0.

/** Frames quieter than this RMS (about -50 dBFS) count as silence. */
export const silenceRms = 100;

const fullScale = 32768;
/** RFC 6464's level of digital silence. */
export const silentDBov = 127;

export function rms(pcm: Int16Array): number {
  if (pcm.length === 0) return 0;
  let sum = 0;
  for (const sample of pcm) sum += sample * sample;
  return Math.sqrt(sum / pcm.length);
}

/** An RMS level (0 to 32767) as RFC 6464's -dBov, 0 to 127. */
export function dBovOf(level: number): number {
  if (level <= 0) return silentDBov;
  return Math.min(silentDBov, Math.max(0, Math.round(-20 * Math.log10(level / fullScale))));
}

/** An RFC 6464 level (-dBov) as RMS, 0 to 32767. */
export function rmsOfDBov(dBov: number): number {
  if (dBov >= silentDBov) return 0;
  return Math.min(fullScale - 1, Math.round(fullScale * 10 ** (-dBov / 20)));
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
  /** What the last frame's level was read from: its RFC 6464 audio level, or its Opus silence flags. */
  measuredBy: 'audio-level' | 'opus-flags' | null;
}

export class AudioMeter {
  #level: AudioLevel = { frames: 0, voicedFrames: 0, lastRms: 0, peakRms: 0, measuredBy: null };

  /** A frame whose RFC 6464 level (-dBov) came with it. */
  addAudioLevel(dBov: number): void {
    this.#add(rmsOfDBov(dBov), 'audio-level');
  }

  /** A frame without a level: voiced or not, as its Opus flags tell. */
  addFlagged(hasSound: boolean): void {
    this.#add(hasSound ? silenceRms : 0, 'opus-flags');
  }

  #add(level: number, measuredBy: AudioLevel['measuredBy']): void {
    this.#level.frames++;
    if (level >= silenceRms) this.#level.voicedFrames++;
    this.#level.lastRms = level;
    this.#level.peakRms = Math.max(this.#level.peakRms, level);
    this.#level.measuredBy = measuredBy;
  }

  get level(): AudioLevel {
    return { ...this.#level };
  }
}
