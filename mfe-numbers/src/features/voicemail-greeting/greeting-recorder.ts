// Recording a voicemail greeting in the browser: the microphone through MediaRecorder, then the recording decoded and
// resampled to 8 kHz mono (telephone quality, what callers hear) and written as the WAV file the api keeps.
import { encodeWav, greetingSampleRate, maxGreetingSeconds } from '@ringwise/contract/greeting-wav';

export interface GreetingRecording {
  /** Stops recording; resolves with the WAV file and its length in seconds. */
  stop(): Promise<{ wav: Blob; seconds: number }>;
  /** Drops the recording and frees the microphone. */
  cancel(): void;
}

/** Why a recording could not start, in words the customer can act on. */
export class GreetingRecorderError extends Error {
  override readonly name = 'GreetingRecorderError';
}

export const recorderMessages = {
  unsupported: 'This browser cannot record audio. Try a current Chrome, Edge, Firefox or Safari.',
  denied: 'Ringwise may not use your microphone. Allow it in your browser settings and try again.',
  empty: 'Nothing was recorded. Check your microphone and try again.',
} as const;

/** Samples at `rate` of a decoded recording, mixed to mono. */
async function resampled(audio: AudioBuffer, rate: number): Promise<Float32Array> {
  const length = Math.max(1, Math.ceil(audio.duration * rate));
  const offline = new OfflineAudioContext(1, length, rate);
  const source = offline.createBufferSource();
  source.buffer = audio;
  source.connect(offline.destination);
  source.start();
  return (await offline.startRendering()).getChannelData(0);
}

/** The recorded chunks as a WAV greeting (at most the longest greeting). */
export async function wavOfRecording(recorded: Blob): Promise<{ wav: Blob; seconds: number }> {
  const context = new AudioContext();
  try {
    const decoded = await context.decodeAudioData(await recorded.arrayBuffer());
    const samples = (await resampled(decoded, greetingSampleRate)).subarray(0, maxGreetingSeconds * greetingSampleRate);
    return { wav: new Blob([encodeWav(samples, greetingSampleRate)], { type: 'audio/wav' }), seconds: samples.length / greetingSampleRate };
  } finally {
    void context.close();
  }
}

export async function startGreetingRecording(media: Pick<MediaDevices, 'getUserMedia'> | undefined = globalThis.navigator?.mediaDevices): Promise<GreetingRecording> {
  if (!media || typeof MediaRecorder === 'undefined' || typeof OfflineAudioContext === 'undefined') throw new GreetingRecorderError(recorderMessages.unsupported);
  let stream: MediaStream;
  try {
    stream = await media.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
  } catch {
    throw new GreetingRecorderError(recorderMessages.denied);
  }
  const recorder = new MediaRecorder(stream);
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  const release = () => {
    for (const track of stream.getTracks()) track.stop();
  };
  recorder.start();
  return {
    stop: () =>
      new Promise((resolve, reject) => {
        recorder.onstop = () => {
          release();
          const recorded = new Blob(chunks, { type: recorder.mimeType });
          if (recorded.size === 0) return reject(new GreetingRecorderError(recorderMessages.empty));
          wavOfRecording(recorded).then(resolve, () => reject(new GreetingRecorderError(recorderMessages.empty)));
        };
        recorder.stop();
      }),
    cancel: () => {
      recorder.onstop = release;
      if (recorder.state !== 'inactive') recorder.stop();
      else release();
    },
  };
}
