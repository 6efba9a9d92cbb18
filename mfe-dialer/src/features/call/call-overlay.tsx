// The call overlay, mounted once in the signed-in layout (exposed as './widgets/call-overlay'): when the page is
// idle it shows a call that went on across a reload, and starts the calling device for a user who can be called
// (one who has a virtual number); for anyone else the dialer starts it when there is a number to call, so the
// Voice SDK (~45 KB, a few hundred ms of a phone's main thread) never loads for a visit that calls nobody. It shows
// the Active Call modal, the call bar while the modal is minimised, and the feedback card after a call. The parts
// load only when needed.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { numberQueries } from '@ringwise/contract/numbers';
import { PhoneIcon } from '@ringwise/ui/call-icons';
import { formatDuration } from '@ringwise/ui/format';
import { browserIncomingNotice, followIncomingCalls } from '../../calling/incoming-notice.ts';
import { watchSessionEnd } from '../../calling/session-end.ts';
import { setCallingQueryClient, useCalling } from '../../calling/use-calling.ts';
import { usePhoneFormat } from '@ringwise/phone/display';
import type { CallOverlayProps } from '@ringwise/apps/exposed/dialer';
import { WidgetLoaderProvider } from '../../lib/remote-widgets.tsx';
import { callStatusText } from './call-status.ts';

const loadModal = () => import('./active-call-modal.tsx');
const ActiveCallModal = lazy(loadModal);
const CallFeedback = lazy(() => import('./call-feedback.tsx'));

/** Runs `fn` once the page is idle (or soon, where requestIdleCallback is missing); returns the cancel. */
function whenIdle(fn: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 1);
  return () => clearTimeout(id);
}

export function CallOverlay({ loadWidget }: CallOverlayProps) {
  const queryClient = useQueryClient();
  const { call, feedback, store } = useCalling();
  const [minimized, setMinimized] = useState(false);
  const format = usePhoneFormat();

  const [idle, setIdle] = useState(false);
  // whether this user can be called: asked once the page is idle (the dialer's own list when it shows one)
  const numbers = useQuery({ ...numberQueries.list(), enabled: idle, meta: { handlesError: true } });
  const callable = numbers.data?.some((number) => number.status !== 'released') ?? false;

  // The device lives while the session does and while the signed-in layout shows this overlay (the store's hold).
  // React's StrictMode (development builds) unmounts and mounts the overlay again at once on its first mount, which
  // the shell does 800 ms after the view: a cleanup that closed the device closed the one the dialer had started for
  // ?number= meanwhile, and Call stayed disabled. A hold let go and taken again in the same turn keeps the device.
  useEffect(() => store.hold(), [store]);
  // the session's end (sign-out, here or in another tab; a 401; another user) closes the device at once
  useEffect(() => watchSessionEnd(queryClient, () => store.destroy()), [queryClient, store]);

  // a call that rings while the tab is in the background: its title and a system notification
  useEffect(() => followIncomingCalls(store, browserIncomingNotice()), [store]);

  useEffect(() => {
    setCallingQueryClient(queryClient);
    const cancel = whenIdle(() => {
      setIdle(true);
      void store.prepare();
      // the modal's code is ready before the first call
      void loadModal();
    });
    return cancel;
  }, [queryClient, store]);

  // incoming calls ring only on a registered device
  useEffect(() => {
    if (idle && callable) void store.init();
  }, [idle, callable, store]);

  // a new call (or an incoming one) always opens the modal
  useEffect(() => {
    if (!call.hasActiveCall || call.incomingPending) setMinimized(false);
  }, [call.hasActiveCall, call.incomingPending]);

  return (
    <WidgetLoaderProvider loadWidget={loadWidget}>
      {call.hasActiveCall ? (
        <Suspense fallback={null}>
          <ActiveCallModal open={!minimized} onMinimize={() => setMinimized(true)} />
        </Suspense>
      ) : null}
      {call.hasActiveCall && minimized ? (
        <button
          type="button"
          onClick={() => setMinimized(false)}
          className="dl:fixed dl:inset-x-4 dl:bottom-24 dl:z-40 dl:mx-auto dl:flex dl:max-w-sm dl:items-center dl:gap-3 dl:rounded-full dl:bg-emerald-600 dl:px-4 dl:py-2 dl:text-left dl:text-sm dl:text-white dl:shadow-lg"
        >
          <PhoneIcon className="dl:size-4" />
          <span className="dl:flex-1 dl:truncate">
            {callStatusText(call).title} · {call.to ? format(call.to) : ''}
          </span>
          <span className="dl:font-mono dl:tabular-nums">{formatDuration(call.duration)}</span>
          <span className="dl:sr-only">Show call</span>
        </button>
      ) : null}
      {feedback && !call.hasActiveCall ? (
        <Suspense fallback={null}>
          <CallFeedback key={feedback.callId} prompt={feedback} store={store} />
        </Suspense>
      ) : null}
    </WidgetLoaderProvider>
  );
}
