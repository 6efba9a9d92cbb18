// "Adjust balance": an adjustment ledger entry of a signed amount with a required reason. The api checks the
// amount and the reason and says what is wrong; its words are shown as they are.
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@ringwise/api-client';
import type { AdminUser } from '@ringwise/contract/admin';
import { Input } from '@ringwise/ui/input';
import { Label } from '@ringwise/ui/label';
import { toast } from '@ringwise/ui/toast';
import { adminActions } from '../admin-api.ts';
import { invalidateAdminData, ReasonField } from '../admin-ui.tsx';
import { ActionForm, DialogButton, type ActionFormProps } from '../action-dialog.tsx';
import { usd } from '../money.ts';

export function AdjustBalanceButton({ user }: { user: AdminUser }) {
  return <DialogButton dialog={(close, opener) => <AdjustBalanceForm user={user} onDone={close} opener={opener} />}>Adjust balance</DialogButton>;
}

function AdjustBalanceForm({ user, onDone, opener }: { user: AdminUser; onDone: () => void; opener: ActionFormProps['opener'] }) {
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
  const error = adjust.isError ? errorMessage(adjust.error) : null;
  return (
    <ActionForm
      opener={opener}
      title="Adjust balance"
      description={`${user.email} holds ${usd(user.balance)}. A negative amount takes money off. The reason is kept in the ledger and the audit log.`}
      error={error}
      errorId={errorId}
      pending={adjust.isPending}
      submitLabel="Save adjustment"
      pendingLabel="Saving…"
      onSubmit={() => adjust.mutate()}
      onCancel={onDone}
    >
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
    </ActionForm>
  );
}
