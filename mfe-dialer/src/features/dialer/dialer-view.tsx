// The Dialer view (spec §2 'Dialer view', §4 'Dialer', §5 'Starting a call'): From, the calling code and number,
// the contacts' widgets, the rate and the minutes it leaves, the keypad and Call. The call itself lives in the
// page's calling store (calling/use-calling.ts), so it goes on when the user leaves this view.
import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BackspaceIcon, ContactBookIcon, PhoneIcon } from '@ringwise/ui/call-icons';
import { callMessages } from '@ringwise/contract/calls';
import { loadPhoneFormat } from '@ringwise/phone/display';
import { callerIdQueries, numberQueries } from '@ringwise/contract/numbers';
import { userQueries } from '@ringwise/contract/users';
import type { Contact } from '@ringwise/contract/contacts';
import { Button } from '@ringwise/ui/button';
import { CallingCodeCombobox } from '@ringwise/ui/combobox';
import { toast } from '@ringwise/ui/toast';
import type { DeviceStatus } from '../../calling/calling-state.ts';
import { useCallingStore, useCallingValue } from '../../calling/use-calling.ts';
import { dialerCallingCodes, DEFAULT_CALLING_CODE } from '../../lib/calling-codes.ts';
import { takeFocusAfterCall } from '../../lib/focus-after-call.ts';
import { preloadOnIntent, RemoteWidget, toastUnavailable, usePreloadWidget } from '../../lib/remote-widgets.tsx';
import { CallIntentConfirm, CallIntentStatus, useCallIntent } from './call-intent.tsx';
import { defaultFrom, destinationOf, dialerIntentOf, fromIsAmbiguous, keypadKeys, lookupNumberOf, prefill, typeNumber, type DialedValue, type DialerIntent } from './dialer-rules.ts';
import { FromSelect } from './from-select.tsx';
import { NumberField } from './number-field.tsx';
import { RateLine } from './rate-line.tsx';

/**
 * The Call button's text (spec §2): 'Connecting...' from the device's start until it is ready, 'Starting...' while a
 * call starts. Before the device has started (no number to call yet) the button reads 'Call', disabled.
 */
export function callButtonLabel(device: DeviceStatus, starting: boolean): string {
  if (device === 'idle') return 'Call';
  if (device !== 'ready') return 'Connecting...';
  return starting ? 'Starting...' : 'Call';
}

const isTypingTarget = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.closest('[role="dialog"],[role="listbox"]') !== null);

/** Reads ?number= (and &call=1) once, then removes them from the address (spec §2). */
function takeDialerIntent(): DialerIntent | null {
  if (typeof window === 'undefined') return null;
  const params = new URLSearchParams(window.location.search);
  if (!params.has('number') && !params.has('call')) return null;
  const { intent, rest } = dialerIntentOf(window.location.search);
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${rest ? `?${rest}` : ''}${window.location.hash}`);
  return intent;
}

export function DialerView() {
  const numberId = useId();
  const suggestionsId = useId();
  const [value, setValue] = useState<DialedValue>({ code: DEFAULT_CALLING_CODE, number: '' });
  /** undefined: nothing chosen here yet (the user's default applies); null: the public number. */
  const [choice, setChoice] = useState<string | null | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);
  const store = useCallingStore();
  const device = useCallingValue((calling) => calling.device);
  const starting = useCallingValue((calling) => calling.starting);
  const hasActiveCall = useCallingValue((calling) => calling.call.hasActiveCall);
  const isConnecting = useCallingValue((calling) => calling.call.isConnecting);

  const user = useQuery({ ...userQueries.current(), meta: { handlesError: true } });
  const numbers = useQuery({ ...numberQueries.list(), meta: { handlesError: true } });
  const callerIds = useQuery({ ...callerIdQueries.list(), meta: { handlesError: true } });
  const from = choice === null ? null : defaultFrom(choice ?? user.data?.defaultCallerId, numbers.data ?? [], callerIds.data ?? []);

  // after a call the focus comes back here, ready for the next number
  useEffect(() => takeFocusAfterCall(inputRef.current), []);
  // the calling device starts once there is a number to call (typed, picked or given by ?number=): it is ready
  // by the time the number is complete, and a visit that calls nobody never loads the Voice SDK
  const hasNumber = value.number !== '';
  useEffect(() => {
    if (!hasNumber) return;
    void store.init();
    // a call's toasts and the call window show numbers: the formatter is there before the call starts
    loadPhoneFormat().catch(() => {});
  }, [hasNumber, store]);

  const destination = destinationOf(value);
  const ready = device === 'ready';
  const busy = starting || hasActiveCall;
  const label = callButtonLabel(device, starting || isConnecting);

  const press = (key: string) => setValue((current) => typeNumber(current, current.number + key));
  const backspace = () => setValue((current) => ({ ...current, number: Array.from(current.number).slice(0, -1).join('') }));

  const submit = async (event?: { preventDefault(): void }) => {
    event?.preventDefault();
    if (!destination && !busy && ready) {
      toast({ title: 'Error', description: callMessages.enterNumber, variant: 'destructive' });
      return;
    }
    const dialled = value;
    const started = await store.startCall({ destinationNumber: destination, fromNumber: from });
    // the dialled number is cleared, never one typed since, even the same number typed again (a start that ended at
    // once, e.g. without a microphone, answers only after the user may have typed the next): every edit is a new value
    if (started) setValue((current) => (current === dialled ? { ...current, number: '' } : current));
  };

  const callIntent = useCallIntent({
    destination,
    device,
    fromKnown: !user.isPending && !numbers.isPending && !callerIds.isPending,
    ambiguous: choice === undefined && fromIsAmbiguous(user.data?.defaultCallerId, numbers.data ?? [], callerIds.data ?? []),
    start: () => void submit(),
  });

  useEffect(() => {
    const intent = takeDialerIntent();
    if (!intent) return;
    // the state at mount: the dialer is empty
    const prefilled = prefill(value, intent.number);
    setValue(prefilled);
    if (intent.call) callIntent.request(destinationOf(prefilled));
  }, []);

  // the keyboard's digits, * and # and Backspace work without focusing the field
  const keyHandler = useRef<(event: KeyboardEvent) => void>(() => {});
  keyHandler.current = (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
    if (/^[0-9*#+]$/.test(event.key)) {
      event.preventDefault();
      press(event.key);
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      backspace();
    } else if (event.key === 'Enter' && destination) {
      event.preventDefault();
      void submit();
    }
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keyHandler.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  // the contacts' widgets load once the number field is used (focused or filled): a visit that never dials never
  // loads the contacts remote; the picker loads when a pointer or the focus reaches its button
  const [fieldUsed, setFieldUsed] = useState(false);
  const contactsWanted = fieldUsed || hasNumber ? 'now' : false;
  const [picker, setPicker] = useState({ mounted: false, open: false });
  const preloadPicker = usePreloadWidget('contacts/widgets/contact-picker');

  const choose = (contact: Contact) => {
    setValue((current) => typeNumber(current, contact.primaryNumber));
    inputRef.current?.focus();
  };

  return (
    <section aria-labelledby="dialer-title" className="dl:mx-auto dl:flex dl:max-w-sm dl:flex-col dl:gap-4">
      <h1 id="dialer-title" className="dl:sr-only">
        Dialer
      </h1>
      <FromSelect value={from} onChange={setChoice} numbers={numbers.data} callerIds={callerIds.data} />
      <form onSubmit={submit} className="dl:flex dl:flex-col dl:gap-2" aria-label="Place a call">
        <div className="dl:flex dl:items-center dl:gap-2">
          <CallingCodeCombobox
            options={dialerCallingCodes}
            value={value.code}
            onValueChange={(code) => setValue((current) => ({ ...current, code }))}
            className="dl:h-14 dl:w-[6.5rem] dl:shrink-0"
            contentClassName="dl:w-72"
          />
          <label className="dl:sr-only" htmlFor={numberId}>
            Phone number
          </label>
          <NumberField
            ref={inputRef}
            id={numberId}
            inputMode="tel"
            autoComplete="tel"
            placeholder="Enter phone number"
            // the suggestions list exists only while it has suggestions: an id that is not there is no valid reference
            aria-controls={value.number.trim().length >= 2 ? suggestionsId : undefined}
            value={value.number}
            onFocus={() => {
              void store.init();
              setFieldUsed(true);
            }}
            onChange={(event) => setValue((current) => typeNumber(current, event.target.value))}
            onKeyDown={(event) => {
              // Enter works even while the button is disabled (so the refusals of spec §5 are told)
              if (event.key === 'Enter') void submit(event);
            }}
          />
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label="Contacts"
            title="Contacts"
            className="dl:h-14 dl:w-11 dl:shrink-0"
            {...preloadOnIntent(preloadPicker)}
            onClick={() => setPicker({ mounted: true, open: true })}
          >
            <ContactBookIcon className="dl:size-5" />
          </Button>
          {picker.mounted ? (
            <RemoteWidget
              id="contacts/widgets/contact-picker"
              load="now"
              props={{ onSelect: choose, open: picker.open, onOpenChange: (open) => setPicker({ mounted: true, open }) }}
              onUnavailable={() => {
                setPicker({ mounted: false, open: false });
                toastUnavailable('Your contacts');
              }}
            />
          ) : null}
        </div>
        <RemoteWidget id="contacts/widgets/contact-suggestions" load={contactsWanted} props={{ query: value.number, onSelect: choose, id: suggestionsId }} />
        <RemoteWidget
          id="contacts/widgets/contact-match"
          load={contactsWanted}
          props={{ number: destination, countryCode: value.code, className: 'dl:min-h-9' }}
          fallback={<div className="dl:min-h-9" />}
        />
        {callIntent.confirming ? <CallIntentConfirm destination={destination} from={from} onConfirm={callIntent.confirm} onDismiss={callIntent.dismiss} /> : null}
        {callIntent.pending ? (
          <CallIntentStatus
            destination={destination}
            state={callIntent.pending}
            onRetry={() => {
              callIntent.retry();
              void store.init();
            }}
            onCancel={callIntent.dismiss}
          />
        ) : null}
        <div className="dl:grid dl:grid-cols-3 dl:gap-3" role="group" aria-label="Keypad">
          {keypadKeys.map(([key, letters]) => (
            <Button
              key={key}
              type="button"
              variant="outline"
              className="dl:h-16 dl:flex-col dl:gap-0 dl:text-2xl"
              onClick={() => press(key)}
            >
              {/* the name is what the key shows, "2 ABC" (the space is not drawn in a flex column) */}
              <span>{key}</span>{' '}
              <span className="dl:h-3 dl:text-[10px] dl:font-semibold dl:tracking-widest dl:text-muted-foreground">{letters}</span>
            </Button>
          ))}
        </div>
        <div className="dl:grid dl:grid-cols-3 dl:items-center dl:gap-3">
          <span />
          <Button
            type="submit"
            size="lg"
            className="dl:h-14 dl:rounded-full dl:bg-emerald-600 dl:text-white dl:hover:bg-emerald-700"
            disabled={!destination || !ready || busy}
            aria-label={label === 'Call' ? 'Call' : label}
            // the device's state, which the label alone no longer tells ('Call' before it starts and once ready)
            data-device={device}
          >
            <PhoneIcon className="dl:size-5" /> {label}
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label="Backspace"
            disabled={value.number.length === 0}
            onClick={backspace}
            className="dl:justify-self-center"
          >
            <BackspaceIcon className="dl:size-5" />
          </Button>
        </div>
        {/* under the Call button: its lines come and go as the number is typed, moving no key (and reserving no
            empty band above the keypad) */}
        <RateLine number={lookupNumberOf(value)} balance={user.data?.balance ?? null} />
      </form>
    </section>
  );
}
