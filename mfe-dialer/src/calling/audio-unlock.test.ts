import { afterEach, expect, test } from 'bun:test';
import { resumeAudioOnGesture } from './audio-unlock.ts';

/** A context as Chrome makes it before a gesture: suspended until resume() is called. */
function suspendedContext() {
  const context = { state: 'suspended' as string, resumes: 0, resume: async () => {} };
  context.resume = async () => {
    context.resumes += 1;
    context.state = 'running';
  };
  return context;
}

/** navigator.userActivation as the browser reports it: a gesture under way, and whether there has been one. */
function activation(state: { isActive: boolean; hasBeenActive: boolean }) {
  Object.defineProperty(navigator, 'userActivation', { value: state, configurable: true });
}
afterEach(() => {
  Object.defineProperty(navigator, 'userActivation', { value: undefined, configurable: true });
});

const press = (type: string) => window.dispatchEvent(new Event(type));

test('a context made before any gesture is resumed only inside the first one, once', async () => {
  const context = suspendedContext();
  const state = { isActive: false, hasBeenActive: false };
  activation(state);
  resumeAudioOnGesture(() => context);
  expect(context.resumes).toBe(0);
  // an event that is no activation (a hover, Escape) resumes nothing
  press('keydown');
  expect(context.resumes).toBe(0);
  state.isActive = true;
  state.hasBeenActive = true;
  press('pointerup');
  await Promise.resolve();
  expect(context.resumes).toBe(1);
  press('keydown');
  expect(context.resumes).toBe(1);
});

test('after a gesture the page had already, the context is resumed at once; a running one, none or a cancel are left alone', () => {
  const context = suspendedContext();
  activation({ isActive: false, hasBeenActive: true });
  resumeAudioOnGesture(() => context);
  expect(context.resumes).toBe(1);

  const running = suspendedContext();
  running.state = 'running';
  resumeAudioOnGesture(() => running);
  expect(() => resumeAudioOnGesture(() => undefined)).not.toThrow();
  expect(running.resumes).toBe(0);

  activation({ isActive: false, hasBeenActive: false });
  const later = suspendedContext();
  const cancel = resumeAudioOnGesture(() => later);
  cancel();
  activation({ isActive: true, hasBeenActive: true });
  press('keydown');
  expect(later.resumes).toBe(0);
});
