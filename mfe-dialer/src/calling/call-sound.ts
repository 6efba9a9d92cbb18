// The Voice SDK's sounds (ringing, ring-back, hang-up, DTMF), given to its Device as its `Sound` (an option its
// typings keep private; the SDK calls play, stop and setSinkIds). The SDK's own Sound plays each of the 15 muted
// as it loads it, through its AudioContext, when the Device is made: for a user who can be called that is at page
// load, before any gesture, and Chrome logs "The AudioContext was not allowed to start" for each. These are audio
// elements made when a sound is first played, and play only once the page has had a user gesture (before one no
// browser would let them be heard).

/** What the SDK passes with each sound (its `audioContext` is not used here). */
export interface CallSoundOptions {
  /** Stop after this many ms (0: play to the end). */
  maxDuration?: number;
  shouldLoop?: boolean;
}

/** The output the browser chooses. */
const defaultSink = 'default';

/** Whether the page may play sound: it has had a user gesture (where the browser says so). */
function pageMayPlay(): boolean {
  return typeof navigator === 'undefined' || (navigator.userActivation?.hasBeenActive ?? true);
}

export class CallSound {
  private sinkIds: string[] = [defaultSink];
  private readonly elements = new Map<string, HTMLAudioElement>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** A stop (or a newer play) makes a play still setting its outputs up stale. */
  private plays = 0;

  constructor(
    readonly name: string,
    readonly url: string,
    private readonly options: CallSoundOptions = {},
  ) {}

  async play(): Promise<void> {
    this.stop();
    if (!pageMayPlay()) return;
    const play = this.plays;
    const maxDuration = this.options.maxDuration ?? 0;
    if (maxDuration > 0) this.timer = setTimeout(() => this.stop(), maxDuration);
    await Promise.all(
      this.sinkIds.map(async (sinkId) => {
        try {
          const element = await this.element(sinkId);
          if (play === this.plays) await element.play();
        } catch {
          // an output gone or a play refused or interrupted: the call goes on without this sound
        }
      }),
    );
  }

  stop(): void {
    this.plays += 1;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const element of this.elements.values()) {
      element.pause();
      element.currentTime = 0;
    }
  }

  /** The outputs the sound plays through (the SDK's speaker or ringtone devices). */
  setSinkIds(ids: string | readonly string[]): void {
    this.sinkIds = typeof ids === 'string' ? [ids] : [...ids];
    for (const sinkId of this.elements.keys()) if (!this.sinkIds.includes(sinkId)) this.elements.delete(sinkId);
  }

  private async element(sinkId: string): Promise<HTMLAudioElement> {
    const known = this.elements.get(sinkId);
    if (known) return known;
    const element = new Audio(this.url);
    element.loop = this.options.shouldLoop ?? false;
    if (sinkId !== defaultSink && typeof element.setSinkId === 'function') await element.setSinkId(sinkId);
    this.elements.set(sinkId, element);
    return element;
  }
}
