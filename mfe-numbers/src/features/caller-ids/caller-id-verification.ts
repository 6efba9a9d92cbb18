// Verified caller IDs (spec §4 'Caller ID verification', §5 'Caller ID', §8): starting a verification (the
// provider calls the number; the user types the 6-digit code shown here), asking every 3 s whether the new
// entry is verified, and removing an entry. Status-check failures are only logged.
import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@ringwise/api-client';
import type { CallerIdInitiated, VerifiedCallerId } from '@ringwise/contract/numbers';
import { callerIdMessages, callerIdRequests, pendingStatus, verifiedStatus } from '@ringwise/contract/numbers';
import { toast } from '@ringwise/ui/toast';
import { formatNumbersInNow, formatPhoneNow } from '@ringwise/phone/display';
import { callerIdsKey, userKey } from '../data/numbers-data.ts';

/** spec §9 'Caller ID status poll': every 3 s (an object, so tests can ask faster). */
export const statusPolling = { intervalMs: 3000 };

export const callerIdToasts = {
  required: () => toast({ title: 'Error', description: callerIdMessages.required, variant: 'destructive' }),
  // the api's messages name the number in E.164: shown as every number is (@ringwise/phone/display)
  initiated: (message: string) => toast({ title: 'Verification Initiated', description: formatNumbersInNow(message), variant: 'success' }),
  initiateFailed: (message: string) => toast({ title: 'Verification Failed', description: formatNumbersInNow(message), variant: 'destructive' }),
  verified: (e164: string) =>
    toast({ title: 'Phone Number Verified!', description: `${formatPhoneNow(e164)} has been successfully verified`, variant: 'success' }),
  deleted: () => toast({ title: 'Deleted', description: 'Verified caller ID removed successfully', variant: 'success' }),
  deleteFailed: (message: string) => toast({ title: 'Delete Failed', description: formatNumbersInNow(message), variant: 'destructive' }),
};

/** The entry just initiated, whose code is on screen and whose status is being asked for. */
export interface PendingVerification {
  id: string;
  phoneNumber: string;
  validationCode: string;
}

/** An entry's status as shown: 'Verified', 'Pending', anything else as the api sent it. */
export function callerIdStatusText(status: string): string {
  if (status === verifiedStatus) return 'Verified';
  if (status === pendingStatus) return 'Pending';
  return status;
}

export function useCallerIdVerification() {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingVerification | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: callerIdsKey });
    void queryClient.invalidateQueries({ queryKey: userKey });
  };

  const initiate = useMutation({
    mutationFn: (input: { phoneNumber: string; friendlyName: string }) =>
      callerIdRequests.initiate({ phoneNumber: input.phoneNumber, ...(input.friendlyName ? { friendlyName: input.friendlyName } : {}) }),
    onSuccess: (answer: CallerIdInitiated) => {
      callerIdToasts.initiated(answer.message);
      setPending({ id: answer.entry.id, phoneNumber: answer.phoneNumber, validationCode: answer.validationCode });
      queryClient.setQueryData<VerifiedCallerId[]>(callerIdsKey, (list) =>
        list ? [answer.entry, ...list.filter((entry) => entry.id !== answer.entry.id)] : list,
      );
      void queryClient.invalidateQueries({ queryKey: callerIdsKey });
    },
    onError: (error) => callerIdToasts.initiateFailed(errorMessage(error, 'Failed to initiate verification')),
  });

  const remove = useMutation({
    mutationFn: (entry: VerifiedCallerId) => callerIdRequests.remove(entry.id),
    onSuccess: (_answer, entry) => {
      callerIdToasts.deleted();
      setPending((current) => (current?.id === entry.id ? null : current));
      queryClient.setQueryData<VerifiedCallerId[]>(callerIdsKey, (list) => list?.filter((e) => e.id !== entry.id));
      refresh();
    },
    onError: (error) => callerIdToasts.deleteFailed(errorMessage(error, 'Failed to delete verified caller ID')),
  });

  // while the new entry is pending, ask every 3 s; stop once it is verified (or anything else but pending)
  const pendingId = pending?.id ?? null;
  useEffect(() => {
    if (!pendingId) return;
    let stopped = false;
    let asking = false;
    const timer = setInterval(() => {
      if (asking) return;
      asking = true;
      callerIdRequests
        .checkStatus(pendingId)
        .then(({ verificationStatus, phoneNumber }) => {
          if (stopped || verificationStatus === pendingStatus) return;
          stopped = true;
          clearInterval(timer);
          setPending(null);
          if (verificationStatus === verifiedStatus) callerIdToasts.verified(phoneNumber);
          refresh();
        })
        .catch((error: unknown) => console.warn('[numbers] caller ID status check failed', error))
        .finally(() => {
          asking = false;
        });
    }, statusPolling.intervalMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
    // refresh only touches the stable queryClient: the poll restarts only for another entry
  }, [pendingId]);

  /** Starts a verification; `onStarted` runs once the api has accepted it (to clear the form). */
  function start(phoneNumber: string, friendlyName: string, onStarted?: () => void): boolean {
    const number = phoneNumber.trim();
    if (!number) {
      callerIdToasts.required();
      return false;
    }
    initiate.mutate({ phoneNumber: number, friendlyName: friendlyName.trim() }, { onSuccess: () => onStarted?.() });
    return true;
  }

  return { pending, start, initiating: initiate.isPending, remove };
}

export type CallerIdVerification = ReturnType<typeof useCallerIdVerification>;
