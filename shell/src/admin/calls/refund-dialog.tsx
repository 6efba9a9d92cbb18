// "Refund" of a charged call: a refund ledger entry of what the call cost, with a required reason. A call is
// refunded at most once; the api's refusal (409) is shown as it says it.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@ringwise/api-client';
import type { AdminCall } from '@ringwise/contract/admin';
import { Button } from '@ringwise/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@ringwise/ui/dialog';
import { toast } from '@ringwise/ui/toast';
import { adminActions } from '../admin-api.ts';
import { invalidateAdminData, ReasonField } from '../admin-ui.tsx';
import { usd } from '../money.ts';

export function RefundButton({ call }: { call: AdminCall }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button ref={opener} size="sm" variant="outline" onClick={() => setOpen(true)} aria-label={`Refund the call to ${call.destinationNumber ?? 'unknown'} of ${call.userEmail}`}>
        Refund
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? <RefundForm call={call} onDone={() => setOpen(false)} returnFocusRef={opener} /> : null}
      </Dialog>
    </>
  );
}

function RefundForm({ call, onDone, returnFocusRef }: { call: AdminCall; onDone: () => void; returnFocusRef: React.RefObject<HTMLButtonElement | null> }) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const client = useQueryClient();
  const refund = useMutation({
    mutationFn: () => adminActions.refundCall(call.id, reason.trim()),
    onError: () => {},
    onSuccess: async (result) => {
      toast({ variant: 'success', title: 'Call refunded', description: `${usd(result.amount)} back to ${call.userEmail}.` });
      onDone();
      await invalidateAdminData(client);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!refund.isPending) refund.mutate();
  };
  return (
    <DialogContent returnFocusRef={returnFocusRef}>
      <form onSubmit={submit} className="sh:grid sh:gap-4" noValidate>
        <DialogHeader>
          <DialogTitle>Refund this call?</DialogTitle>
          <DialogDescription>
            {usd(call.cost)} goes back to {call.userEmail} for the call to {call.destinationNumber ?? 'an unknown number'}. A call can be refunded once.
          </DialogDescription>
        </DialogHeader>
        <ReasonField id={reasonId} value={reason} onChange={setReason} />
        {refund.isError ? (
          <p role="alert" className="sh:text-sm sh:text-destructive">
            {errorMessage(refund.error)}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" aria-disabled={refund.isPending || undefined}>
            {refund.isPending ? 'Refunding…' : 'Refund call'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
