// The Verified Caller IDs modal (spec §2): a number (E.164) and an optional friendly name to verify, the code to
// type when the verification call comes, and the entries with their status and Remove. Exposed as
// './widgets/caller-ids-dialog'. The status of a new entry keeps being asked for while the widget is mounted,
// also with the dialog closed, so 'Phone Number Verified!' still comes.
import { useId, useState, type FormEvent } from 'react';
import { PhoneCall, ShieldCheck } from 'lucide-react';
import type { VerifiedCallerId } from '@ringwise/contract/numbers';
import { callerIdMessages, maxFriendlyNameLength, pendingStatus, verifiedStatus } from '@ringwise/contract/numbers';
import { Badge } from '@ringwise/ui/badge';
import { Button } from '@ringwise/ui/button';
import { Input } from '@ringwise/ui/input';
import { Label } from '@ringwise/ui/label';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import type { CallerIdsDialogProps } from '@ringwise/apps/exposed/numbers';
import { OwnList } from '../../components/own-list.tsx';
import { WidgetDialog } from '../../components/widget-dialog.tsx';
import { usePhoneFormat } from '@ringwise/phone/display';
import { useCallerIds } from '../data/numbers-data.ts';
import { callerIdStatusText, useCallerIdVerification, type CallerIdVerification, type PendingVerification } from './caller-id-verification.ts';

export const E164_HINT = 'E.164 format, such as +1234567890';

export function CallerIdsDialog({ triggerLabel = 'Manage Verified Caller IDs', ...props }: CallerIdsDialogProps) {
  const verification = useCallerIdVerification();
  return (
    <WidgetDialog
      {...props}
      triggerLabel={triggerLabel}
      triggerIcon={<ShieldCheck aria-hidden="true" className="nm:size-4" />}
      widthClassName="nm:sm:max-w-xl"
      title="Verified Caller IDs"
      description="Show your own phone number when you call. We call it once with a code to prove it is yours."
    >
      <VerifyForm verification={verification} />
      {verification.pending ? <PendingCode pending={verification.pending} /> : null}
      <CallerIdList verification={verification} />
    </WidgetDialog>
  );
}

function VerifyForm({ verification }: { verification: CallerIdVerification }) {
  const id = useId();
  const [phoneNumber, setPhoneNumber] = useState('');
  const [friendlyName, setFriendlyName] = useState('');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    verification.start(phoneNumber, friendlyName, () => {
      setPhoneNumber('');
      setFriendlyName('');
    });
  }
  return (
    <form noValidate onSubmit={submit} className="nm:grid nm:gap-4">
      <div className="nm:grid nm:gap-4 nm:sm:grid-cols-2">
        <div className="nm:grid nm:min-w-0 nm:content-start nm:gap-2">
          <Label htmlFor={`${id}-number`}>Phone Number</Label>
          <Input
            id={`${id}-number`}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+1234567890"
            value={phoneNumber}
            onChange={(event) => setPhoneNumber(event.target.value)}
            aria-describedby={`${id}-hint`}
          />
          <p id={`${id}-hint`} className="nm:text-xs nm:text-muted-foreground">
            {E164_HINT}
          </p>
        </div>
        <div className="nm:grid nm:min-w-0 nm:content-start nm:gap-2">
          <Label htmlFor={`${id}-name`}>Friendly Name (Optional)</Label>
          <Input
            id={`${id}-name`}
            autoComplete="off"
            placeholder="e.g. My mobile"
            maxLength={maxFriendlyNameLength}
            value={friendlyName}
            onChange={(event) => setFriendlyName(event.target.value)}
          />
        </div>
      </div>
      <Button type="submit" disabled={verification.initiating} className="nm:w-full nm:sm:w-auto nm:sm:justify-self-start">
        <PhoneCall aria-hidden="true" className="nm:size-4" />
        {verification.initiating ? 'Calling…' : 'Verify'}
      </Button>
    </form>
  );
}

function PendingCode({ pending }: { pending: PendingVerification }) {
  const format = usePhoneFormat();
  return (
    <div role="status" className="nm:grid nm:gap-2 nm:rounded-lg nm:border-2 nm:border-primary nm:bg-accent nm:p-4 nm:text-center">
      <p className="nm:text-sm">
        Answer the call to <span className="nm:font-medium nm:tabular-nums">{format(pending.phoneNumber)}</span> and enter this code:
      </p>
      <p data-testid="validation-code" className="nm:font-mono nm:text-3xl nm:font-bold nm:tracking-[0.3em] nm:tabular-nums">
        {pending.validationCode}
      </p>
      <p className="nm:text-xs nm:text-muted-foreground">Waiting for the code… this updates by itself.</p>
    </div>
  );
}

function CallerIdList({ verification }: { verification: CallerIdVerification }) {
  const entries = useCallerIds();
  const format = usePhoneFormat();
  const [confirming, setConfirming] = useState<VerifiedCallerId | null>(null);
  const removing = verification.remove.isPending ? verification.remove.variables.id : null;
  return (
    <OwnList
      title="Your Caller IDs"
      what="caller IDs"
      entries={entries.data}
      query={entries}
      skeletonHeight="nm:h-12"
      empty="No caller IDs yet. Verify a number you own to call from it."
      label="Caller IDs"
      entryKey={(entry) => entry.id}
      details={(entry) => (
        <>
          <p className="nm:flex nm:flex-wrap nm:items-center nm:gap-2">
            <span className="nm:font-medium nm:tabular-nums">{format(entry.phoneNumber)}</span>
            <Badge variant={entry.verificationStatus === verifiedStatus ? 'success' : entry.verificationStatus === pendingStatus ? 'secondary' : 'outline'}>
              {callerIdStatusText(entry.verificationStatus)}
            </Badge>
          </p>
          {entry.friendlyName ? <p className="nm:text-sm nm:text-muted-foreground">{entry.friendlyName}</p> : null}
          {entry.verificationStatus === pendingStatus && entry.validationCode && verification.pending?.id !== entry.id ? (
            <p className="nm:text-xs nm:text-muted-foreground">
              Code <span className="nm:font-mono nm:font-semibold nm:text-foreground">{entry.validationCode}</span>
            </p>
          ) : null}
        </>
      )}
      action={(entry) => (
        <Button size="sm" variant="outline" disabled={removing === entry.id} aria-label={`Remove ${format(entry.phoneNumber)}`} onClick={() => setConfirming(entry)}>
          {removing === entry.id ? 'Removing…' : 'Remove'}
        </Button>
      )}
    >
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Remove caller ID?"
        description={callerIdMessages.removeConfirmation}
        confirmLabel="Remove"
        onConfirm={() => confirming && verification.remove.mutate(confirming)}
      />
    </OwnList>
  );
}
