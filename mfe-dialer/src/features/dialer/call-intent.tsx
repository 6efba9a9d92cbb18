// A contact's Call button places the call in one tap (issue #23): the dialer opened with '?number=…&call=1' calls
// the prefilled number once, as soon as its device is ready and the user's own numbers are known, unless From is
// ambiguous (more than one of them and no default): then it asks first. Until then the dialer says the call will
// start when it is ready (the device's first start can take seconds on a phone: a number only prefilled, with no
// word, read as a press that did nothing); a device that cannot connect stops the wait, said so, with Try again.
// The intent is dropped when the user changes the number meanwhile.
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@ringwise/ui/button';
import { publicNumberLabel } from '@ringwise/contract/numbers';
import { usePhoneFormat } from '@ringwise/phone/display';
import type { DeviceStatus } from '../../calling/calling-state.ts';

type Intent = { state: 'none' } | { state: 'waiting' | 'confirm' | 'stalled'; destination: string };

export interface CallIntentOptions {
  /** The number the dialer would call now (E.164, or '' without one). */
  destination: string;
  /** The calling device: the call waits while it starts, and stops waiting when it cannot connect. */
  device: DeviceStatus;
  /** The user, their numbers and their caller IDs have loaded (or failed to): From is what it will be. */
  fromKnown: boolean;
  ambiguous: boolean;
  start: () => void;
}

export function useCallIntent({ destination, device, fromKnown, ambiguous, start }: CallIntentOptions) {
  const [intent, setIntent] = useState<Intent>({ state: 'none' });
  const startRef = useRef(start);
  startRef.current = start;

  useEffect(() => {
    if (intent.state === 'none') return;
    if (destination !== intent.destination) setIntent({ state: 'none' });
    else if (intent.state === 'waiting' && device === 'ready' && fromKnown) {
      if (ambiguous) setIntent({ state: 'confirm', destination });
      else {
        setIntent({ state: 'none' });
        startRef.current();
      }
    }
  }, [intent, destination, device, fromKnown, ambiguous]);

  // a start (or a registration) that fails while the call waits stops the wait; a device that was not ready before
  // is being started again (the dialer's number, Try again) and is waited for
  const lastDevice = useRef(device);
  useEffect(() => {
    const before = lastDevice.current;
    lastDevice.current = device;
    if (device === 'not-ready' && before !== 'not-ready') setIntent((current) => (current.state === 'waiting' ? { state: 'stalled', destination: current.destination } : current));
  }, [device]);

  return {
    confirming: intent.state === 'confirm',
    /** A call asked for that waits for the device ('waiting') or could not start with it ('stalled'). */
    pending: intent.state === 'waiting' || intent.state === 'stalled' ? intent.state : null,
    /** Call `destination` (the number just prefilled) once it can be. */
    request: (prefilled: string) => {
      if (prefilled) setIntent({ state: 'waiting', destination: prefilled });
    },
    confirm: () => {
      setIntent({ state: 'none' });
      startRef.current();
    },
    /** Waits again for the device (the caller starts it again). */
    retry: () => setIntent((current) => (current.state === 'stalled' ? { state: 'waiting', destination: current.destination } : current)),
    dismiss: () => setIntent({ state: 'none' }),
  };
}

/** What a call asked for from a contact is waiting for, in the dialer, with a way out (and Try again once stalled). */
export function CallIntentStatus({ destination, state, onRetry, onCancel }: { destination: string; state: 'waiting' | 'stalled'; onRetry: () => void; onCancel: () => void }) {
  const format = usePhoneFormat();
  const number = format(destination);
  return (
    <section
      role={state === 'stalled' ? 'alert' : 'status'}
      aria-label="Your call"
      data-testid="call-intent-status"
      className="dl:flex dl:flex-wrap dl:items-center dl:gap-x-3 dl:gap-y-2 dl:rounded-md dl:border dl:border-border dl:bg-muted/50 dl:p-3"
    >
      <p className="dl:min-w-0 dl:flex-1 dl:basis-48 dl:text-sm">
        {state === 'waiting' ? `Connecting… your call to ${number} will start when the dialer is ready.` : `Your call to ${number} has not started: the dialer could not connect.`}
      </p>
      <div className="dl:flex dl:gap-2">
        {state === 'stalled' ? (
          <Button type="button" size="sm" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </section>
  );
}

/** Asks before a contact's call goes out from one of several numbers the user has not made their default. */
export function CallIntentConfirm({ destination, from, onConfirm, onDismiss }: { destination: string; from: string | null; onConfirm: () => void; onDismiss: () => void }) {
  const titleId = useId();
  const format = usePhoneFormat();
  return (
    <section aria-labelledby={titleId} className="dl:flex dl:flex-col dl:gap-2 dl:rounded-md dl:border dl:border-border dl:bg-muted/50 dl:p-3" data-testid="call-intent-confirm">
      <p id={titleId} className="dl:text-sm dl:font-medium">
        Call {format(destination)} from {from ? format(from) : `the ${publicNumberLabel}`}?
      </p>
      <p className="dl:text-xs dl:text-muted-foreground">You have several numbers to call from and no default. Choose another in From above, or call from this one.</p>
      <div className="dl:flex dl:gap-2">
        <Button type="button" size="sm" onClick={onConfirm} autoFocus>
          Call now
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDismiss}>
          Not now
        </Button>
      </div>
    </section>
  );
}
