// The Voice SDK's AudioContext (its call's volume meters, the microphone-silence warning) is made when the Device
// is, often before the user has touched the page: Chrome creates it suspended, and each resume() or sound started
// before a user gesture logs "The AudioContext was not allowed to start". So it is resumed only inside the page's
// first gesture (or at once, when the page has had one).

/** The part of an AudioContext this needs. */
export interface ResumableAudio {
  readonly state: AudioContextState | string;
  resume(): Promise<void>;
}

/** The events a browser counts as user activation (HTML's activation-triggering input events). */
const gestures = ['keydown', 'mousedown', 'pointerup', 'touchend'] as const;

/** Whether the page may start audio now: a gesture under way, or one before (where the browser says so). */
function pageActivated(during: boolean): boolean {
  const activation = typeof navigator === 'undefined' ? undefined : navigator.userActivation;
  if (!activation) return during;
  return during ? activation.isActive : activation.hasBeenActive;
}

/**
 * Resumes the suspended context `audio()` names once the page may play sound; returns the cancel. A context that
 * is running already, or none at all, is left alone.
 */
export function resumeAudioOnGesture(audio: () => ResumableAudio | null | undefined, target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  const stop = () => {
    for (const name of gestures) target.removeEventListener(name, onGesture, true);
  };
  const tryResume = (during: boolean): boolean => {
    const context = audio();
    // nothing to wake: no context, or one running (made after a gesture) or closed
    if (!context || context.state !== 'suspended') return true;
    if (!pageActivated(during)) return false;
    context.resume().catch(() => {});
    return true;
  };
  function onGesture() {
    if (tryResume(true)) stop();
  }
  if (tryResume(false)) return () => {};
  for (const name of gestures) target.addEventListener(name, onGesture, true);
  return stop;
}
