// One number's call forwarding in Settings → Numbers (issue 36): off, the calls not answered in the browser, or every
// call, to one of the user's verified caller IDs. Saved as soon as it is chosen, as the Default Caller ID is.
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@ringwise/api-client';
import { forwardingQueries, forwardingRequests, type ForwardingMode, type NumberForwarding, type VerifiedCallerId } from '@ringwise/contract/numbers';
import { Label } from '@ringwise/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@ringwise/ui/select';
import { usePhoneFormat } from '@ringwise/phone/display';

export const forwardingModeLabels: Record<ForwardingMode, string> = {
  off: 'Off',
  unanswered: "When I don't answer",
  always: 'Always',
};

interface ForwardingControlProps {
  numberId: string;
  label: string;
  /** The user's verified caller IDs: where calls may go. */
  targets: VerifiedCallerId[];
}

export function ForwardingControl({ numberId, label, targets }: ForwardingControlProps) {
  const id = useId();
  const format = usePhoneFormat();
  const queryClient = useQueryClient();
  const forwarding = useQuery({ ...forwardingQueries.get(numberId), meta: { handlesError: true } });
  const [error, setError] = useState<string | null>(null);
  // a mode chosen before a target: kept here until a target is chosen too
  const [pendingMode, setPendingMode] = useState<ForwardingMode | null>(null);
  const save = useMutation({
    mutationFn: (next: NumberForwarding) => forwardingRequests.set(numberId, next),
    onMutate: () => setError(null),
    onSuccess: (next) => {
      queryClient.setQueryData(forwardingQueries.get(numberId).queryKey, next);
      setPendingMode(null);
    },
    onError: (failure) => setError(errorMessage(failure)),
  });

  if (forwarding.isError && !forwarding.data) return <p className="nm:text-sm nm:text-destructive">{label}: forwarding could not be loaded.</p>;
  if (!forwarding.data) return <p className="nm:text-sm nm:text-muted-foreground">{label}: loading forwarding…</p>;

  const saved = forwarding.data;
  const mode = pendingMode ?? saved.mode;
  const to = saved.to && targets.some((target) => target.phoneNumber === saved.to) ? saved.to : (targets[0]?.phoneNumber ?? null);
  const chooseMode = (next: ForwardingMode) => {
    if (next === 'off') return save.mutate({ mode: 'off', to: null });
    if (!to) return setPendingMode(next);
    save.mutate({ mode: next, to });
  };

  return (
    <div role="group" aria-labelledby={`${id}-number`} className="nm:space-y-2">
      <p id={`${id}-number`} className="nm:text-sm nm:font-medium">
        {label}
      </p>
      <div className="nm:flex nm:flex-col nm:gap-3 nm:sm:flex-row">
        <div className="nm:space-y-1 nm:sm:w-56">
          <Label htmlFor={`${id}-mode`}>Forward calls</Label>
          <Select value={mode} onValueChange={(next) => chooseMode(next as ForwardingMode)}>
            <SelectTrigger id={`${id}-mode`} aria-describedby={error ? `${id}-error` : undefined}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(Object.keys(forwardingModeLabels) as ForwardingMode[]).map((value) => (
                <SelectItem key={value} value={value} disabled={value !== 'off' && targets.length === 0}>
                  {forwardingModeLabels[value]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {mode !== 'off' && to ? (
          <div className="nm:space-y-1 nm:sm:w-80">
            <Label htmlFor={`${id}-to`}>To</Label>
            <Select value={to} onValueChange={(next) => save.mutate({ mode, to: next })}>
              <SelectTrigger id={`${id}-to`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {targets.map((target) => (
                  <SelectItem key={target.id} value={target.phoneNumber}>
                    {target.friendlyName ? `${target.friendlyName} · ${format(target.phoneNumber)}` : format(target.phoneNumber)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        ) : null}
      </div>
      {saved.mode !== 'off' && saved.to ? (
        <p className="nm:text-sm nm:text-muted-foreground" role="status">
          {saved.mode === 'always' ? 'Every call' : "Calls you don't answer in the browser"} ring {format(saved.to)}, charged at that number's calling rate per minute.
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="nm:text-sm nm:text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
