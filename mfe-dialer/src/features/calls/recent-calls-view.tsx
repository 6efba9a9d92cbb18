// Recent Calls (spec §2 'Calls view'): newest first, page by page. Each call: who it was with (the destination, or
// for an incoming call the caller; the contact's name when the digits match, which the api looks up: the address
// book may be long), the date, the duration as 'Xm Ys', the method badge, the cost as a negative amount, the status
// (red unless completed; an incoming call nobody took is 'Declined' or 'Missed', not red: call-status-label.ts),
// 'Save Contact' for unknown numbers that are not the user's own (contacts' widget), and the
// itemised cost, and the caller's voicemail with its player (voicemail-player.tsx). Opening it sees the missed calls (the Calls tab's count: use-missed-calls-seen.ts).
import { useId, useMemo, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronDown, PhoneForwarded, PhoneIncoming, PhoneMissed, PhoneOff, PhoneOutgoing } from 'lucide-react';
import { errorMessage } from '@ringwise/api-client';
import { callQueries, type Call } from '@ringwise/contract/calls';
import { usePhoneFormat } from '@ringwise/phone/display';
import { Badge } from '@ringwise/ui/badge';
import { Button } from '@ringwise/ui/button';
import { Card, CardContent } from '@ringwise/ui/card';
import { cn } from '@ringwise/ui/cn';
import { formatDateTime, formatRate, formatUsd } from '@ringwise/ui/format';
import { Skeleton } from '@ringwise/ui/skeleton';
import { formatMinutesAndSeconds } from '../../lib/durations.ts';
import { RemoteWidget } from '../../lib/remote-widgets.tsx';
import { callPartyOf } from '../../lib/call-party.ts';
import { callStatusLabel, type CallStatusTone } from './call-status-label.ts';
import { useMissedCallsSeen } from './use-missed-calls-seen.ts';
import { VoicemailPlayer } from './voicemail-player.tsx';

const methodLabels = { public: 'Public', virtual: 'Virtual', verified: 'Verified' } as const;
const statusTones: Record<CallStatusTone, string | false> = {
  normal: false,
  error: 'dl:font-medium dl:text-destructive',
  neutral: 'dl:font-medium dl:text-foreground',
};
/** The call's icon: its direction; an incoming call nobody took shows how it ended. */
const incomingIcons = { declined: PhoneOff, missed: PhoneMissed } as const;

export function RecentCallsView() {
  const calls = useInfiniteQuery({ ...callQueries.list(), meta: { handlesError: true } });
  const items = useMemo(() => calls.data?.pages.flatMap((page) => page.items) ?? [], [calls.data]);
  useMissedCallsSeen(calls.isSuccess ? calls.dataUpdatedAt : null);

  return (
    <section aria-labelledby="calls-title" className="dl:space-y-4">
      <h1 id="calls-title" className="dl:text-2xl dl:font-bold">
        Recent Calls
      </h1>
      {calls.isPending ? (
        <div role="status" aria-label="Loading calls" className="dl:space-y-2">
          <Skeleton className="dl:h-16 dl:w-full" />
          <Skeleton className="dl:h-16 dl:w-full" />
          <Skeleton className="dl:h-16 dl:w-full" />
        </div>
      ) : calls.isError ? (
        <Card>
          <CardContent className="dl:flex dl:flex-col dl:items-start dl:gap-3 dl:p-6" role="alert">
            <p className="dl:text-sm">{errorMessage(calls.error, 'Your calls could not be loaded.')}</p>
            <Button variant="outline" onClick={() => void calls.refetch()}>
              Retry
            </Button>
          </CardContent>
        </Card>
      ) : items.length === 0 ? (
        <Card>
          <CardContent className="dl:p-6 dl:text-sm dl:text-muted-foreground">Your call history appears here once you place your first call.</CardContent>
        </Card>
      ) : (
        <>
          <ul className="dl:divide-y dl:divide-border dl:rounded-lg dl:border dl:border-border dl:bg-card" aria-label="Calls">
            {items.map((call) => (
              <CallRow key={call.id} call={call} />
            ))}
          </ul>
          {calls.hasNextPage ? (
            <div className="dl:flex dl:justify-center">
              <Button variant="outline" disabled={calls.isFetchingNextPage} onClick={() => void calls.fetchNextPage()}>
                {calls.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

function CallRow({ call }: { call: Call }) {
  const format = usePhoneFormat();
  const party = callPartyOf(call, format);
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const status = callStatusLabel(call);
  const forwarded = Boolean(call.forwardedFrom);
  const Icon = status.unanswered ? incomingIcons[status.unanswered] : forwarded ? PhoneForwarded : call.callDirection === 'inbound' ? PhoneIncoming : PhoneOutgoing;
  return (
    <li className="dl:p-3" data-testid="call-row">
      <div className="dl:flex dl:items-start dl:gap-3">
        <Icon
          aria-label={forwarded ? 'Forwarded' : call.callDirection === 'inbound' ? 'Incoming' : 'Outgoing'}
          data-testid="call-direction"
          data-icon={status.unanswered ?? (forwarded ? 'forwarded' : call.callDirection)}
          className="dl:mt-1 dl:h-4 dl:w-4 dl:shrink-0 dl:text-muted-foreground"
        />
        <div className="dl:min-w-0 dl:flex-1">
          <p className="dl:flex dl:flex-wrap dl:items-center dl:gap-2">
            <span className="dl:truncate dl:font-medium" data-testid="call-destination">
              {party.label}
            </span>
            {call.callingMethod && !forwarded ? (
              <Badge variant="outline" data-testid="call-method">
                {methodLabels[call.callingMethod]}
              </Badge>
            ) : null}
          </p>
          {party.detail ? <p className="dl:text-xs dl:text-muted-foreground">{party.detail}</p> : null}
          {forwarded ? (
            <p className="dl:text-xs dl:text-muted-foreground" data-testid="call-forwarded-to">
              Forwarded to {format(call.destinationNumber)}
            </p>
          ) : null}
          <p className="dl:text-xs dl:text-muted-foreground">
            {/* each part whole on its line ('No answer' never split at 390 px): the line breaks between them */}
            <time dateTime={call.startTime ?? call.createdAt} data-testid="call-date" className="dl:whitespace-nowrap">
              {formatDateTime(call.startTime ?? call.createdAt)}
            </time>
            {' · '}
            <span data-testid="call-duration" className="dl:whitespace-nowrap">{formatMinutesAndSeconds(call.duration)}</span>
            {' · '}
            <span data-testid="call-status" data-tone={status.tone} className={cn('dl:whitespace-nowrap', statusTones[status.tone])}>
              {status.text}
            </span>
          </p>
        </div>
        <div className="dl:flex dl:shrink-0 dl:flex-col dl:items-end dl:gap-1">
          <span className="dl:font-medium dl:tabular-nums" data-testid="call-cost">
            {formatUsd(`-${call.cost}`)}
          </span>
          <div className="dl:flex dl:items-center dl:gap-1">
            {party.savable ? (
              <RemoteWidget id="contacts/widgets/save-contact-dialog" props={{ phoneNumber: party.savable, triggerClassName: 'dl:h-8 dl:w-8' }} />
            ) : null}
            {call.costItems ? (
              <Button
                variant="ghost"
                size="icon"
                className="dl:h-8 dl:w-8"
                aria-label="Cost details"
                aria-expanded={open}
                aria-controls={detailsId}
                onClick={() => setOpen((o) => !o)}
              >
                <ChevronDown aria-hidden className={cn('dl:h-4 dl:w-4 dl:transition-transform', open && 'dl:rotate-180')} />
              </Button>
            ) : null}
          </div>
        </div>
      </div>
      {call.voicemail ? <VoicemailPlayer call={call} voicemail={call.voicemail} /> : null}
      {call.costItems && open ? (
        <dl id={detailsId} className="dl:mt-2 dl:grid dl:grid-cols-[auto_1fr] dl:gap-x-4 dl:gap-y-1 dl:rounded-md dl:bg-muted/50 dl:p-3 dl:text-xs" data-testid="cost-items">
          <dt className="dl:text-muted-foreground">Rate</dt>
          <dd>
            {call.costItems.matchedPrefix.startsWith('+') ? '' : '+'}
            {call.costItems.matchedPrefix} · {call.costItems.rateName}
          </dd>
          <dt className="dl:text-muted-foreground">Price</dt>
          <dd>{formatRate(call.costItems.rate)}/min</dd>
          <dt className="dl:text-muted-foreground">Billed</dt>
          <dd>
            {call.costItems.billedSeconds} s ({call.costItems.initialIncrement}/{call.costItems.increment})
          </dd>
          <dt className="dl:text-muted-foreground">Connection fee</dt>
          <dd>{formatUsd(call.costItems.connectionFee)}</dd>
          <dt className="dl:text-muted-foreground">Total</dt>
          <dd>{formatUsd(call.cost)}</dd>
        </dl>
      ) : null}
    </li>
  );
}
