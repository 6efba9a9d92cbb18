// A recording's audio from what a far end captured (media-end.ts `startCapture`): the browser's Opus packets decoded
// to 8 kHz mono PCM (Twilio's recordings are 8 kHz mono), each at its place in time, so the recording lasts as long
// as the <Record> did even when the browser sent nothing for a while (DTX, a muted microphone that stops sending).
//
// One decoder per recording, made, used and freed in one synchronous run once the recording is over: no other
// opusscript codec can be made meanwhile, which is what broke codecs kept alive (opus.ts).
import { rms, silenceRms } from './audio-level.ts';
import type { CapturedAudio } from './media-end.ts';
import { createOpusDecoder, opusClockRate } from './opus.ts';

export const recordingSampleRate = 8000;
/** 20 ms at 8 kHz. */
const frame = (recordingSampleRate * 20) / 1000;

/** The captured audio as PCM at 8 kHz, as long as the capture lasted. */
export function decodeCapture(captured: CapturedAudio): Int16Array {
  const pcm = new Int16Array(Math.max(0, Math.round(((captured.endedMs - captured.startedMs) / 1000) * recordingSampleRate)));
  const first = captured.packets[0];
  if (!first || pcm.length === 0) return pcm;
  const decoder = createOpusDecoder(recordingSampleRate);
  try {
    // placed by RTP time from the first packet, which is placed by when it arrived
    const start = Math.round(((first.atMs - captured.startedMs) / 1000) * recordingSampleRate);
    for (const packet of captured.packets) {
      const ticks = (packet.timestamp - first.timestamp) >>> 0;
      const at = start + Math.round((ticks * recordingSampleRate) / opusClockRate);
      if (at >= pcm.length) continue;
      const samples = decoder.decode(packet.opus);
      if (samples) pcm.set(samples.subarray(0, pcm.length - at), at);
    }
  } finally {
    decoder.close();
  }
  return pcm;
}

/** Twilio's trim="trim-silence": the recording without its silent start and end (20 ms frames under the silence
 *  level); empty when it is silent throughout. */
export function trimSilence(pcm: Int16Array): Int16Array {
  const voiced = (index: number) => rms(pcm.subarray(index * frame, (index + 1) * frame)) >= silenceRms;
  const frames = Math.ceil(pcm.length / frame);
  let first = 0;
  while (first < frames && !voiced(first)) first++;
  if (first === frames) return new Int16Array(0);
  let last = frames - 1;
  while (last > first && !voiced(last)) last--;
  return pcm.slice(first * frame, Math.min(pcm.length, (last + 1) * frame));
}
