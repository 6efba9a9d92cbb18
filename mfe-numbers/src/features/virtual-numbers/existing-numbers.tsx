// Virtual Numbers modal > 'Your Existing Numbers': each number with its country, monthly price, status and
// renewal, and Release (after a confirmation; no refund). Released numbers are not listed.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@ringwise/api-client';
import type { VirtualNumber } from '@ringwise/contract/numbers';
import { numberRequests } from '@ringwise/contract/numbers';
import { Badge } from '@ringwise/ui/badge';
import { Button } from '@ringwise/ui/button';
import { formatDateTime, formatUsd } from '@ringwise/ui/format';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { OwnList } from '../../components/own-list.tsx';
import { countryName } from '../../lib/countries.ts';
import { usePhoneFormat } from '@ringwise/phone/display';
import { numbersKey, userKey, useVirtualNumbers } from '../data/numbers-data.ts';
import { numberToasts, RELEASE_FALLBACK } from './number-toasts.ts';

/** The status line of a number: 'Active', or 'Grace period — released on {date}'. */
export function numberStatusText(number: VirtualNumber): string {
  if (number.status === 'grace') return number.graceEndsAt ? `Grace period — released on ${formatDateTime(number.graceEndsAt)}` : 'Grace period';
  return number.status === 'active' ? 'Active' : 'Released';
}

export function ExistingNumbers() {
  const numbers = useVirtualNumbers();
  const format = usePhoneFormat();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<VirtualNumber | null>(null);
  const release = useMutation({
    mutationFn: (number: VirtualNumber) => numberRequests.release(number.id),
    onSuccess: (_answer, number) => {
      numberToasts.released(number.phoneNumber);
      void queryClient.invalidateQueries({ queryKey: numbersKey });
      void queryClient.invalidateQueries({ queryKey: userKey });
    },
    onError: (error) => numberToasts.releaseFailed(errorMessage(error, RELEASE_FALLBACK)),
  });
  return (
    <OwnList
      title="Your Existing Numbers"
      what="numbers"
      entries={numbers.data?.filter((n) => n.status !== 'released')}
      query={numbers}
      skeletonHeight="nm:h-14"
      empty="You have no virtual numbers yet."
      label="Your numbers"
      entryKey={(number) => number.id}
      details={(number) => (
        <>
          <p className="nm:flex nm:flex-wrap nm:items-center nm:gap-2">
            <span className="nm:font-medium nm:tabular-nums">{format(number.phoneNumber)}</span>
            <Badge variant={number.status === 'active' ? 'success' : 'destructive'}>{number.status === 'active' ? 'Active' : 'Grace period'}</Badge>
          </p>
          <p className="nm:text-sm nm:text-muted-foreground">
            {countryName(number.countryCode)} · <span className="nm:tabular-nums">{formatUsd(number.monthlyPrice)}/month</span>
          </p>
          <p className="nm:text-xs nm:text-muted-foreground">
            {number.status === 'grace' ? numberStatusText(number) : `Renews on ${formatDateTime(number.renewsAt)}`}
          </p>
        </>
      )}
      action={(number) => (
        <Button
          size="sm"
          variant="outline"
          disabled={release.isPending && release.variables.id === number.id}
          aria-label={`Release ${format(number.phoneNumber)}`}
          onClick={() => setConfirming(number)}
        >
          {release.isPending && release.variables.id === number.id ? 'Releasing…' : 'Release'}
        </Button>
      )}
    >
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming ? `Release ${format(confirming.phoneNumber)}?` : 'Release number?'}
        description="You will lose this number and the days left in the month you paid for. Calls to it will stop reaching you, and no refund is given."
        confirmLabel="Release number"
        onConfirm={() => confirming && release.mutate(confirming)}
      />
    </OwnList>
  );
}
