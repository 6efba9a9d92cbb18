// A contact's Call button places the call in one tap (issue #23): the dialer opened with '?number=…&call=1' calls
// the prefilled number once, as soon as its device is ready and the user's own numbers are known, unless From is
// ambiguous (more than one of them and no default): then it asks first. The intent is dropped when the user changes
// the number meanwhile.
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@ringwise/ui/button';
import { publicNumberLabel } from '@ringwise/contract/numbers';
import { usePhoneFormat } from '@ringwise/phone/display';

type Intent = { state: 'none' } | { state: 'waiting' | 'confirm'; destination: string };

export interface CallIntentOptions {
  /** The number the dialer would call now (E.164, or '' without one). */
  destination: string;
  /** The calling device is ready. */
  ready: boolean;
  /** The user, their numbers and their caller IDs have loaded (or failed to): From is what it will be. */
  fromKnown: boolean;
  ambiguous: boolean;
  start: () => void;
}

export function useCallIntent({ destination, ready, fromKnown, ambiguous, start }: CallIntentOptions) {
  const [intent, setIntent] = useState<Intent>({ state: 'none' });
  const startRef = useRef(start);
  startRef.current = start;

  useEffect(() => {
    if (intent.state === 'none') return;
    if (destination !== intent.destination) setIntent({ state: 'none' });
    else if (intent.state === 'waiting' && ready && fromKnown) {
      if (ambiguous) setIntent({ state: 'confirm', destination });
      else {
        setIntent({ state: 'none' });
        startRef.current();
      }
    }
  }, [intent, destination, ready, fromKnown, ambiguous]);

  return {
    confirming: intent.state === 'confirm',
    /** Call `destination` (the number just prefilled) once it can be. */
    request: (prefilled: string) => {
      if (prefilled) setIntent({ state: 'waiting', destination: prefilled });
    },
    confirm: () => {
      setIntent({ state: 'none' });
      startRef.current();
    },
    dismiss: () => setIntent({ state: 'none' }),
  };
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
