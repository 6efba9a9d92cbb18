// The Active Call modal (spec §2 'Active Call modal'): status, the number (and the caller's contact, from the
// contacts remote's match widget), duration MM:SS and the running cost, the live call quality, mute / speaker /
// keypad, End Call; the incoming call's Accept / Reject; a warning a minute before the credit runs out with 'Add
// Credits' (billing's top-up dialog). It can be minimised to the call bar while the user goes on in the app; when
// it closes at the call's end, the focus goes back to the dialer's number field. Loaded (lazily) by the call
// overlay when a call starts.
import { memo, useState, type ReactNode } from 'react';
import { Grid3x3, Mic, MicOff, Minimize2, Phone, PhoneIncoming, PhoneMissed, PhoneOff, Volume1, Volume2, type LucideIcon } from 'lucide-react';
import { Button } from '@ringwise/ui/button';
import { cn } from '@ringwise/ui/cn';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@ringwise/ui/dialog';
import { moneyOf } from '@ringwise/contract/decimal';
import { formatDuration, formatUsd } from '@ringwise/ui/format';
import type { CallUiState } from '../../calling/calling-state.ts';
import type { CallingStore } from '../../calling/calling-store.ts';
import { useCalling } from '../../calling/use-calling.ts';
import { focusAfterCall } from '../../lib/focus-after-call.ts';
import { usePhoneFormat } from '@ringwise/phone/display';
import { callLookOf, type OutcomeIcon, type OutcomeTone } from '../../lib/call-outcomes.ts';
import { RemoteWidget } from '../../lib/remote-widgets.tsx';
import { keypadKeys } from '../dialer/dialer-rules.ts';
import { CallQualityIndicator } from './call-quality-indicator.tsx';
import { callStatusText, isPulsing, showsControls, showsEndCall } from './call-status.ts';

const outcomeIcons: Record<OutcomeIcon, LucideIcon> = {
  phone: Phone,
  'phone-incoming': PhoneIncoming,
  'phone-off': PhoneOff,
  'phone-missed': PhoneMissed,
};
const outcomeTones: Record<OutcomeTone, string> = {
  success: 'dl:bg-emerald-100 dl:text-emerald-700',
  unreached: 'dl:bg-amber-100 dl:text-amber-800',
  failed: 'dl:bg-destructive/10 dl:text-destructive',
  neutral: 'dl:bg-muted dl:text-muted-foreground',
};

export interface ActiveCallModalProps {
  open: boolean;
  /** Hide the modal (the call goes on; the call bar brings it back). */
  onMinimize: () => void;
}

export default function ActiveCallModal({ open, onMinimize }: ActiveCallModalProps) {
  const { call, store } = useCalling();
  const [keypadOpen, setKeypadOpen] = useState(false);
  const [topUpOpen, setTopUpOpen] = useState(false);
  const [topUpMounted, setTopUpMounted] = useState(false);
  const status = callStatusText(call);
  const look = callLookOf(call.twilioStatus, call.incomingPending);
  const LookIcon = outcomeIcons[look.icon];
  const live = showsControls(call) && !call.incomingPending;
  // a call resumed after a reload has no audio on this page: its time and End Call only
  const controls = live && !call.resumed;
  const format = usePhoneFormat();
  const number = call.to ? format(call.to) : '';

  return (
    <>
      <Dialog open={open} onOpenChange={(next) => (next ? undefined : onMinimize())}>
        <DialogContent
          hideClose
          className="dl:max-w-sm dl:text-center"
          aria-describedby="active-call-number"
          onInteractOutside={(event) => event.preventDefault()}
          returnFocusRef={call.hasActiveCall && call.endedAt === null ? undefined : focusAfterCall}
        >
          <Button type="button" variant="ghost" size="icon" aria-label="Minimize call" className="dl:absolute dl:right-2 dl:top-2" onClick={onMinimize}>
            <Minimize2 aria-hidden className="dl:h-4 dl:w-4" />
          </Button>
          <div className="dl:flex dl:flex-col dl:items-center dl:gap-3 dl:pt-2">
            <div
              data-testid="call-icon"
              data-pulsing={isPulsing(call) ? 'true' : 'false'}
              data-icon={look.icon}
              data-tone={look.tone}
              className={cn(
                'dl:flex dl:h-20 dl:w-20 dl:items-center dl:justify-center dl:rounded-full',
                outcomeTones[look.tone],
                isPulsing(call) && 'dl:animate-pulse',
              )}
            >
              <LookIcon aria-hidden className="dl:h-9 dl:w-9" />
            </div>
            <DialogTitle className="dl:text-xl" data-testid="call-status">
              {call.incomingPending ? 'Incoming Call' : status.title}
            </DialogTitle>
            <DialogDescription id="active-call-number" className="dl:text-base" data-testid="call-number">
              {number}
            </DialogDescription>
            {call.direction === 'inbound' && call.to ? (
              <RemoteWidget id="contacts/widgets/contact-match" props={{ number: call.to, className: 'dl:min-h-0' }} />
            ) : null}
            {/* polite: 'Reconnecting…' and its recovery are heard, not only seen */}
            <p role="status" aria-live="polite" className="dl:text-sm dl:text-muted-foreground dl:empty:sr-only" data-testid="call-subtitle">
              {call.incomingPending ? null : status.subtitle}
            </p>
            {live ? (
              <p className="dl:flex dl:gap-3 dl:font-mono dl:text-2xl dl:tabular-nums" aria-live="off">
                <span data-testid="call-duration" aria-label="Duration">
                  {formatDuration(call.duration)}
                </span>
                {call.direction === 'outbound' && !call.resumed ? (
                  <span data-testid="call-cost" aria-label="Cost so far" className="dl:text-muted-foreground">
                    {formatUsd(moneyOf(call.cost))}
                  </span>
                ) : null}
              </p>
            ) : null}
            {call.isActive && !call.resumed && !call.endedAt ? <CallQualityIndicator quality={call.quality} /> : null}
          </div>
          {call.lowCredit && !call.endedAt ? (
            <div role="alert" className="dl:flex dl:items-center dl:justify-between dl:gap-2 dl:rounded-md dl:border dl:border-amber-300 dl:bg-amber-50 dl:p-3 dl:text-left dl:text-sm dl:text-amber-900">
              <span>Less than a minute of credit left. The call ends when it runs out.</span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => {
                  setTopUpMounted(true);
                  setTopUpOpen(true);
                }}
              >
                Add Credits
              </Button>
            </div>
          ) : null}
          {call.incomingPending ? <IncomingActions store={store} /> : null}
          {controls ? (
            <CallControls call={call} store={store} keypadOpen={keypadOpen} onKeypad={() => setKeypadOpen((o) => !o)} />
          ) : null}
          {controls && keypadOpen ? <InCallKeypad store={store} /> : null}
          {showsEndCall(call) && !call.incomingPending ? (
            <Button type="button" variant="destructive" size="lg" className="dl:mx-auto dl:rounded-full" onClick={() => store.hangUp()}>
              <PhoneOff aria-hidden className="dl:h-5 dl:w-5" /> End Call
            </Button>
          ) : null}
        </DialogContent>
      </Dialog>
      {topUpMounted ? <RemoteWidget id="billing/widgets/top-up-dialog" props={{ open: topUpOpen, onOpenChange: setTopUpOpen }} /> : null}
    </>
  );
}

function IncomingActions({ store }: { store: CallingStore }) {
  return (
    <div className="dl:flex dl:justify-center dl:gap-6">
      <Button type="button" variant="destructive" size="lg" className="dl:rounded-full" onClick={() => store.rejectIncoming()}>
        <PhoneOff aria-hidden className="dl:h-5 dl:w-5" /> Reject
      </Button>
      <Button type="button" size="lg" className="dl:rounded-full dl:bg-emerald-600 dl:text-white dl:hover:bg-emerald-700" onClick={() => store.acceptIncoming()}>
        <Phone aria-hidden className="dl:h-5 dl:w-5" /> Accept
      </Button>
    </div>
  );
}

function CallControls({ call, store, keypadOpen, onKeypad }: { call: CallUiState; store: CallingStore; keypadOpen: boolean; onKeypad: () => void }) {
  return (
    <div className="dl:flex dl:justify-center dl:gap-4">
      <CallToggle pressed={call.isMuted} label="Mute" pressedLabel="Unmute" pressedLook="destructive" onClick={() => store.toggleMute()}>
        {call.isMuted ? <MicOff aria-hidden className="dl:h-6 dl:w-6" /> : <Mic aria-hidden className="dl:h-5 dl:w-5" />}
      </CallToggle>
      <CallToggle pressed={call.isSpeaker} label="Speaker" pressedLabel="Turn off speaker" onClick={() => void store.toggleSpeaker()}>
        {call.isSpeaker ? <Volume2 aria-hidden className="dl:h-6 dl:w-6" /> : <Volume1 aria-hidden className="dl:h-5 dl:w-5" />}
      </CallToggle>
      <CallToggle pressed={keypadOpen} label="Keypad" pressedLabel="Hide keypad" onClick={onKeypad}>
        <Grid3x3 aria-hidden className="dl:h-5 dl:w-5" />
      </CallToggle>
    </div>
  );
}

/**
 * A control that stays pressed (mute, speaker, keypad): filled while on, so it reads at a glance, and named for what
 * a press does now ('Mute', then 'Unmute'), its state in aria-pressed.
 */
function CallToggle({
  pressed,
  label,
  pressedLabel,
  pressedLook = 'default',
  onClick,
  children,
}: {
  pressed: boolean;
  label: string;
  pressedLabel: string;
  pressedLook?: 'default' | 'destructive';
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      type="button"
      variant={pressed ? pressedLook : 'outline'}
      size="icon"
      className={cn('dl:h-14 dl:w-14 dl:rounded-full', pressed && 'dl:shadow-md')}
      aria-label={pressed ? pressedLabel : label}
      aria-pressed={pressed}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/** Tones during the call: the 12 keys (the store refuses anything but 0-9, *, # and w). Memoized: the call's
 *  every-second tick and its other controls leave the keys alone. */
const InCallKeypad = memo(function InCallKeypad({ store }: { store: CallingStore }) {
  const [sent, setSent] = useState('');
  return (
    <div className="dl:flex dl:flex-col dl:gap-2">
      <output className="dl:min-h-6 dl:font-mono dl:text-lg dl:tracking-widest" aria-label="Digits sent">
        {sent}
      </output>
      <div role="group" aria-label="Call keypad" className="dl:grid dl:grid-cols-3 dl:gap-2">
        {keypadKeys.map(([key]) => (
          <Button
            key={key}
            type="button"
            variant="outline"
            className="dl:h-12 dl:text-xl"
            onClick={() => {
              if (store.sendDigits(key)) setSent((s) => s + key);
            }}
          >
            {key}
          </Button>
        ))}
      </div>
    </div>
  );
});
