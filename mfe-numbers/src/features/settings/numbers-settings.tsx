// Settings > Numbers (spec §2 'Settings view'): Default Caller ID (or, while the user has no number of their
// own, Get Virtual Number and Verify Caller ID), Manage Virtual Numbers and Manage Verified Caller IDs.
import { useId, useState } from 'react';
import { Hash, ShieldCheck } from 'lucide-react';
import { Button } from '@ringwise/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@ringwise/ui/card';
import { Label } from '@ringwise/ui/label';
import { Select, SelectContent, SelectTrigger, SelectValue } from '@ringwise/ui/select';
import { usePhoneFormat } from '@ringwise/phone/display';
import { CallerIdItems } from '../caller-id-select/caller-id-items.tsx';
import { callerIdOptions, fromSelectValue, hasOwnCallerIds, toSelectValue } from '../data/caller-id-options.ts';
import { useUpdateDefaultCallerId } from '../data/default-caller-id.ts';
import { useCallerIds, useCurrentUser, useVirtualNumbers } from '../data/numbers-data.ts';
import { LazyCallerIdsDialog, LazyVirtualNumbersDialog, preloadCallerIdsDialog, preloadVirtualNumbersDialog } from '../lazy-dialogs.tsx';
import { SettingsLoading, SettingsUnavailable } from '@ringwise/ui/settings-states';
import { NotificationPrompt } from '../call-notifications/notification-prompt.tsx';
import { GreetingControl } from '../voicemail-greeting/greeting-control.tsx';
import { ForwardingControl } from '../call-forwarding/forwarding-control.tsx';
import type { VerifiedCallerId, VirtualNumber } from '@ringwise/contract/numbers';

export function NumbersSettings() {
  const user = useCurrentUser();
  const numbers = useVirtualNumbers();
  const callerIds = useCallerIds();
  const [numbersOpen, setNumbersOpen] = useState(false);
  const [callerIdsOpen, setCallerIdsOpen] = useState(false);
  const failed = [user, numbers, callerIds].some((q) => q.isError && !q.data);

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Numbers</h2>
        </CardTitle>
        <CardDescription>Default Caller ID, virtual numbers and verified caller IDs.</CardDescription>
      </CardHeader>
      <CardContent>
        {failed ? (
          <SettingsUnavailable
            onRetry={() => {
              for (const q of [user, numbers, callerIds]) if (q.isError) void q.refetch();
            }}
          />
        ) : !user.data || !numbers.data || !callerIds.data ? (
          <SettingsLoading label="Loading number settings" />
        ) : (
          <>
            {numbers.data.some((number) => number.status !== 'released') ? <NotificationPrompt className="nm:mb-5" /> : null}
            <div className="nm:divide-y nm:divide-border">
              <DefaultCallerId
                current={user.data.defaultCallerId}
                options={callerIdOptions(numbers.data, callerIds.data, user.data.defaultCallerId)}
                onGetNumber={() => setNumbersOpen(true)}
                onVerify={() => setCallerIdsOpen(true)}
              />
              <section aria-labelledby="numbers-virtual-title" className="nm:space-y-3 nm:py-5">
                <h3 id="numbers-virtual-title" className="nm:text-base nm:font-semibold">
                  Virtual Numbers
                </h3>
                <p className="nm:text-sm nm:text-muted-foreground">
                  Numbers you rent in 21 countries, paid monthly from your balance, to call from and be called on.
                </p>
                <Button variant="outline" onPointerEnter={preloadVirtualNumbersDialog} onFocus={preloadVirtualNumbersDialog} onClick={() => setNumbersOpen(true)}>
                  <Hash aria-hidden="true" className="nm:size-4" /> Manage Virtual Numbers
                </Button>
              </section>
              <VoicemailGreetings numbers={numbers.data.filter((number) => number.status !== 'released')} />
              <CallForwarding
                numbers={numbers.data.filter((number) => number.status !== 'released')}
                targets={callerIds.data.filter((callerId) => callerId.verificationStatus === 'verified')}
                onVerify={() => setCallerIdsOpen(true)}
              />
              <section aria-labelledby="numbers-verified-title" className="nm:space-y-3 nm:pt-5">
                <h3 id="numbers-verified-title" className="nm:text-base nm:font-semibold">
                  Verified Caller IDs
                </h3>
                <p className="nm:text-sm nm:text-muted-foreground">Phone numbers you already own, verified with a code, to show when you call.</p>
                <Button variant="outline" onPointerEnter={preloadCallerIdsDialog} onFocus={preloadCallerIdsDialog} onClick={() => setCallerIdsOpen(true)}>
                  <ShieldCheck aria-hidden="true" className="nm:size-4" /> Manage Verified Caller IDs
                </Button>
              </section>
            </div>
          </>
        )}
        <LazyVirtualNumbersDialog open={numbersOpen} onOpenChange={setNumbersOpen} />
        <LazyCallerIdsDialog open={callerIdsOpen} onOpenChange={setCallerIdsOpen} />
      </CardContent>
    </Card>
  );
}

interface DefaultCallerIdProps {
  current: string | null;
  options: ReturnType<typeof callerIdOptions>;
  onGetNumber: () => void;
  onVerify: () => void;
}

function DefaultCallerId({ current, options, onGetNumber, onVerify }: DefaultCallerIdProps) {
  const id = useId();
  const format = usePhoneFormat();
  const update = useUpdateDefaultCallerId();
  const own = hasOwnCallerIds(options);
  return (
    <section aria-labelledby={`${id}-title`} className="nm:space-y-3 nm:pb-5">
      <h3 id={`${id}-title`} className="nm:text-base nm:font-semibold">
        {own ? (
          <Label htmlFor={`${id}-select`} className="nm:text-base nm:font-semibold">
            Default Caller ID
          </Label>
        ) : (
          'Default Caller ID'
        )}
      </h3>
      <p id={`${id}-description`} className="nm:text-sm nm:text-muted-foreground">
        {own
          ? 'The number people see when you call them. You can still change it for a single call in the dialer.'
          : 'Your calls show the Public Number. Get a virtual number or verify a number you own to show your own.'}
      </p>
      {own ? (
        <div className="nm:sm:max-w-sm">
          <Select
            value={toSelectValue(current)}
            onValueChange={(next) => {
              const value = fromSelectValue(next);
              if (value !== current) update.mutate(value);
            }}
          >
            <SelectTrigger id={`${id}-select`} aria-describedby={`${id}-description`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <CallerIdItems options={options} format={format} />
            </SelectContent>
          </Select>
        </div>
      ) : (
        <div className="nm:flex nm:flex-wrap nm:gap-2">
          <Button onPointerEnter={preloadVirtualNumbersDialog} onClick={onGetNumber}>
            <Hash aria-hidden="true" className="nm:size-4" /> Get Virtual Number
          </Button>
          <Button variant="outline" onPointerEnter={preloadCallerIdsDialog} onClick={onVerify}>
            <ShieldCheck aria-hidden="true" className="nm:size-4" /> Verify Caller ID
          </Button>
        </div>
      )}
    </section>
  );
}

/** What callers hear when a call to one of the user's numbers goes unanswered (only with a number to call). */
function VoicemailGreetings({ numbers }: { numbers: VirtualNumber[] }) {
  const format = usePhoneFormat();
  if (numbers.length === 0) return null;
  return (
    <section aria-labelledby="numbers-voicemail-title" className="nm:space-y-3 nm:py-5">
      <h3 id="numbers-voicemail-title" className="nm:text-base nm:font-semibold">
        Voicemail
      </h3>
      <p className="nm:text-sm nm:text-muted-foreground">
        Callers you do not answer hear this greeting and can leave you a message of up to 2 minutes. You find it in Recent Calls and by e-mail.
      </p>
      <div className="nm:space-y-4">
        {numbers.map((number) => (
          <GreetingControl key={number.id} numberId={number.id} label={format(number.phoneNumber)} />
        ))}
      </div>
    </section>
  );
}

/** Where calls to the user's numbers go when they are not answered in the browser (only with a number to call). */
function CallForwarding({ numbers, targets, onVerify }: { numbers: VirtualNumber[]; targets: VerifiedCallerId[]; onVerify: () => void }) {
  const format = usePhoneFormat();
  if (numbers.length === 0) return null;
  return (
    <section aria-labelledby="numbers-forwarding-title" className="nm:space-y-3 nm:py-5">
      <h3 id="numbers-forwarding-title" className="nm:text-base nm:font-semibold">
        Call Forwarding
      </h3>
      <p className="nm:text-sm nm:text-muted-foreground">
        Ring a phone of your own when you don't answer in the browser, or always. Forwarded minutes are charged from your balance at that number's calling rate; if they
        are not answered there either, callers can leave a voicemail.
      </p>
      {targets.length === 0 ? (
        <div className="nm:space-y-2">
          <p className="nm:text-sm">Verify a number you own to forward calls to it.</p>
          <Button variant="outline" onPointerEnter={preloadCallerIdsDialog} onClick={onVerify}>
            <ShieldCheck aria-hidden="true" className="nm:size-4" /> Verify Caller ID
          </Button>
        </div>
      ) : (
        <div className="nm:space-y-4">
          {numbers.map((number) => (
            <ForwardingControl key={number.id} numberId={number.id} label={format(number.phoneNumber)} targets={targets} />
          ))}
        </div>
      )}
    </section>
  );
}
