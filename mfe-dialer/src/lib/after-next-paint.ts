/**
 * Runs `fn` once the browser has painted the frame under way (after its next animation frame, a task later): a
 * press's own answer (Mute pressed) is on screen before what it also causes (the toast that tells of it) is rendered,
 * so that never holds the press (INP). The timer covers a page that paints no frame (a hidden tab).
 */
export function afterNextPaint(fn: () => void, frame: (callback: () => void) => unknown = globalThis.requestAnimationFrame, fallbackMs = 250): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    fn();
  };
  if (typeof frame === 'function') frame(() => setTimeout(run, 0));
  setTimeout(run, fallbackMs);
}
