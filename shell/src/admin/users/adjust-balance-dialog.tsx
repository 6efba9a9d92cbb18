// "Adjust balance": an adjustment ledger entry of a signed amount with a required reason. The api checks the
// amount and the reason and says what is wrong; its words are shown as they are.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@ringwise/api-client';
import type { AdminUser } from '@ringwise/contract/admin';
import { adminActions } from '../admin-api.ts';
import { Button } from '@ringwise/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@ringwise/ui/dialog';
import { Input } from '@ringwise/ui/input';
import { Label } from '@ringwise/ui/label';
import { toast } from '@ringwise/ui/toast';
import { invalidateAdminData, ReasonField } from '../admin-ui.tsx';
import { usd } from '../money.ts';

export function AdjustBalanceButton({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button ref={opener} onClick={() => setOpen(true)}>
        Adjust balance
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? <AdjustBalanceForm user={user} onDone={() => setOpen(false)} returnFocusRef={opener} /> : null}
      </Dialog>
    </>
  );
}

function AdjustBalanceForm({ user, onDone, returnFocusRef }: { user: AdminUser; onDone: () => void; returnFocusRef: React.RefObject<HTMLButtonElement | null> }) {
  const amountId = useId();
  const reasonId = useId();
  const errorId = useId();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const client = useQueryClient();
  const adjust = useMutation({
    mutationFn: () => adminActions.adjustBalance(user.id, amount.trim(), reason.trim()),
    onError: () => {},
    onSuccess: async (result) => {
      toast({ variant: 'success', title: 'Balance adjusted', description: `${user.email}: ${usd(result.amount)}, new balance ${usd(result.balance)}` });
      onDone();
      await invalidateAdminData(client);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!adjust.isPending) adjust.mutate();
  };
  const error = adjust.isError ? errorMessage(adjust.error) : null;
  return (
    <DialogContent returnFocusRef={returnFocusRef}>
      <form onSubmit={submit} className="sh:grid sh:gap-4" noValidate>
        <DialogHeader>
          <DialogTitle>Adjust balance</DialogTitle>
          <DialogDescription>
            {user.email} holds {usd(user.balance)}. A negative amount takes money off. The reason is kept in the ledger and the audit log.
          </DialogDescription>
        </DialogHeader>
        <div className="sh:grid sh:gap-2">
          <Label htmlFor={amountId}>Amount (USD)</Label>
          <Input
            id={amountId}
            inputMode="decimal"
            placeholder="10.00 or -2.50"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-describedby={error ? errorId : undefined}
            required
          />
        </div>
        <ReasonField id={reasonId} value={reason} onChange={setReason} />
        {error ? (
          <p id={errorId} role="alert" className="sh:text-sm sh:text-destructive">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" aria-disabled={adjust.isPending || undefined}>
            {adjust.isPending ? 'Saving…' : 'Save adjustment'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
