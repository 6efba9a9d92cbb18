// "Refund" of a charged call: a refund ledger entry of what the call cost, with a required reason. A call is
// refunded at most once; the api's refusal (409) is shown as it says it.
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@ringwise/api-client';
import type { AdminCall } from '@ringwise/contract/admin';
import { usePhoneFormat } from '@ringwise/phone/display';
import { toast } from '@ringwise/ui/toast';
import { adminActions } from '../admin-api.ts';
import { invalidateAdminData, ReasonField } from '../admin-ui.tsx';
import { ActionForm, DialogButton, type ActionFormProps } from '../action-dialog.tsx';
import { usd } from '../money.ts';

export function RefundButton({ call }: { call: AdminCall }) {
  const format = usePhoneFormat();
  return (
    <DialogButton
      size="sm"
      variant="outline"
      aria-label={`Refund the call to ${call.destinationNumber ? format(call.destinationNumber) : 'unknown'} of ${call.userEmail}`}
      dialog={(close, opener) => <RefundForm call={call} onDone={close} opener={opener} />}
    >
      Refund
    </DialogButton>
  );
}

function RefundForm({ call, onDone, opener }: { call: AdminCall; onDone: () => void; opener: ActionFormProps['opener'] }) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const client = useQueryClient();
  const format = usePhoneFormat();
  const refund = useMutation({
    mutationFn: () => adminActions.refundCall(call.id, reason.trim()),
    onError: () => {},
    onSuccess: async (result) => {
      toast({ variant: 'success', title: 'Call refunded', description: `${usd(result.amount)} back to ${call.userEmail}.` });
      onDone();
      await invalidateAdminData(client);
    },
  });
  return (
    <ActionForm
      opener={opener}
      title="Refund this call?"
      description={`${usd(call.cost)} goes back to ${call.userEmail} for the call to ${call.destinationNumber ? format(call.destinationNumber) : 'an unknown number'}. A call can be refunded once.`}
      error={refund.isError ? errorMessage(refund.error) : null}
      pending={refund.isPending}
      submitLabel="Refund call"
      pendingLabel="Refunding…"
      onSubmit={() => refund.mutate()}
      onCancel={onDone}
    >
      <ReasonField id={reasonId} value={reason} onChange={setReason} />
    </ActionForm>
  );
}
