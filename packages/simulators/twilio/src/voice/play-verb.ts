// <Play>: the file at the URL is fetched (GET, as Twilio fetches it) and played to the caller `loop` times; the call
// goes on when it has played. The simulator plays WAV (PCM, any rate, resampled to Opus's 48 kHz and encoded once
// for this <Play>); another kind of file is fetched but not played, and lasts no time. A file that cannot be
// fetched is logged and skipped (Twilio: warning 11200), and the document goes on.
import type { FetchFunction } from '@ringwise/simulator-common/host';
import type { PlayVerb } from '../twiml.ts';
import type { CallMachine } from './call-machine.ts';
import { isTerminal, type VoiceCall } from './calls.ts';
import type { MediaEnd } from './media/media-end.ts';
import { opusClockRate } from './media/opus.ts';
import { encodeClip } from './media/tones.ts';
import { readWav } from './media/wav.ts';

export interface PlayContext {
  machine: CallMachine;
  fetch: FetchFunction;
  callerAudio: (call: VoiceCall) => MediaEnd | null;
  log: (message: string, error?: unknown) => void;
}

/** Files larger than this are not played (10 minutes of 8 kHz 16-bit audio). */
const maxFileBytes = 10 * 1024 * 1024;
/** At most this much audio is encoded for one <Play> (its loops included). */
const maxPlayedSeconds = 600;

/** PCM at another rate as 48 kHz (linear interpolation: this is a stand-in's greeting, not a studio). */
export function resampleTo48k(pcm: Int16Array, sampleRate: number): Int16Array {
  if (sampleRate === opusClockRate) return pcm;
  const out = new Int16Array(Math.floor((pcm.length * opusClockRate) / sampleRate));
  const step = sampleRate / opusClockRate;
  for (let i = 0; i < out.length; i++) {
    const position = i * step;
    const index = Math.floor(position);
    const next = pcm[Math.min(index + 1, pcm.length - 1)] as number;
    const current = pcm[index] as number;
    out[i] = Math.round(current + (next - current) * (position - index));
  }
  return out;
}

export async function followPlay(context: PlayContext, call: VoiceCall, verb: PlayVerb, documentUrl: string): Promise<void> {
  const { machine } = context;
  if (call.status === 'ringing') machine.setStatus(call, 'in-progress');
  const url = new URL(verb.url, documentUrl).toString();
  let bytes: Uint8Array;
  try {
    const response = await context.fetch(url, { method: 'GET', headers: { 'user-agent': 'TwilioProxy/1.1' }, signal: AbortSignal.timeout(10_000) });
    if (!response.ok) return context.log(`<Play> ${url}: HTTP ${response.status} (Twilio's warning 11200); skipped`);
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    return context.log(`<Play> ${url} could not be fetched (Twilio's warning 11200); skipped`, error);
  }
  if (isTerminal(call.status)) return;
  const wav = bytes.length <= maxFileBytes ? readWav(bytes) : null;
  if (!wav?.pcm || wav.durationMs === 0) return context.log(`<Play> ${url}: not a PCM WAV file the simulator plays; fetched, not played`);
  const loops = Math.max(1, Math.min(verb.loop, Math.floor((maxPlayedSeconds * 1000) / wav.durationMs)));
  const media = context.callerAudio(call);
  if (media) {
    const once = encodeClip(resampleTo48k(wav.pcm, wav.sampleRate));
    media.play({ kind: 'clip', packets: Array.from({ length: loops }, () => once).flat() });
  }
  await machine.pause(call, (wav.durationMs * loops) / 1000);
}
