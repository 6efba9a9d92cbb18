// One rate changed from a date: a new row for the prefix and number type (the old one stays for the calls it
// priced), checked by the importer's rules, whose messages are shown as they come.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, isApiError } from '@ringwise/api-client';
import { numberTypes } from '@ringwise/contract/rates';
import { Button } from '@ringwise/ui/button';
import { Label } from '@ringwise/ui/label';
import { toast } from '@ringwise/ui/toast';
import { adminActions } from '../admin-api.ts';
import { fieldClass, invalidateAdminData, TitledSection } from '../admin-ui.tsx';

const emptyForm = { prefix: '', numberType: 'landline', pricePerMinute: '', connectionFee: '', initialIncrement: '', increment: '', name: '', effectiveFrom: '' };
type FormState = typeof emptyForm;

export function RateEditForm({ country }: { country: string }) {
  const id = useId();
  const [form, setForm] = useState<FormState>(emptyForm);
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: () =>
      adminActions.setRate({
        prefix: form.prefix.trim().replace(/^\+/, ''),
        numberType: form.numberType,
        pricePerMinute: form.pricePerMinute.trim(),
        ...(form.connectionFee.trim() ? { connectionFee: form.connectionFee.trim() } : {}),
        ...(form.initialIncrement.trim() ? { initialIncrement: form.initialIncrement.trim() } : {}),
        ...(form.increment.trim() ? { increment: form.increment.trim() } : {}),
        ...(form.name.trim() ? { name: form.name.trim() } : {}),
        // a datetime-local value is read as UTC, as the deck's times are
        ...(form.effectiveFrom ? { effectiveFrom: `${form.effectiveFrom}:00Z` } : {}),
      }),
    onError: () => {},
    onSuccess: async () => {
      toast({ variant: 'success', title: 'Rate saved', description: `+${form.prefix.replace(/^\+/, '')} ${form.numberType}${form.effectiveFrom ? ` from ${form.effectiveFrom.replace('T', ' ')} UTC` : ' from now'}.` });
      setForm(emptyForm);
      await invalidateAdminData(client);
    },
  });
  const field = (key: keyof FormState) => ({
    id: `${id}-${key}`,
    value: form[key],
    onChange: (event: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: event.target.value })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!save.isPending) save.mutate();
  };
  const message = save.isError ? (isApiError(save.error) ? (save.error.fieldErrors.rate ?? errorMessage(save.error)) : errorMessage(save.error)) : null;

  return (
    <TitledSection title="Change a rate">
      <p className="sh:text-sm sh:text-muted-foreground">
        A new price for a prefix and number type, from now or from a later time (UTC). The deck of {country} above shows it once saved.
      </p>
      <form onSubmit={submit} className="sh:grid sh:gap-3 sh:sm:grid-cols-2 sh:lg:grid-cols-4" noValidate>
        <div className="sh:grid sh:gap-1">
          <Label htmlFor={`${id}-prefix`}>Prefix (with calling code)</Label>
          <input {...field('prefix')} inputMode="numeric" placeholder="447700" autoComplete="off" className={fieldClass} />
        </div>
        <div className="sh:grid sh:gap-1">
          <Label htmlFor={`${id}-numberType`}>Number type</Label>
          <select {...field('numberType')} className={fieldClass}>
            {numberTypes.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
        <div className="sh:grid sh:gap-1">
          <Label htmlFor={`${id}-pricePerMinute`}>Price per minute (USD)</Label>
          <input {...field('pricePerMinute')} inputMode="decimal" placeholder="0.032" autoComplete="off" className={fieldClass} />
        </div>
        <div className="sh:grid sh:gap-1">
          <Label htmlFor={`${id}-connectionFee`}>Connection fee (USD)</Label>
          <input {...field('connectionFee')} inputMode="decimal" placeholder="0" autoComplete="off" className={fieldClass} />
        </div>
        <div className="sh:grid sh:gap-1">
          <Label htmlFor={`${id}-initialIncrement`}>Initial increment (s)</Label>
          <input {...field('initialIncrement')} inputMode="numeric" placeholder="60" autoComplete="off" className={fieldClass} />
        </div>
        <div className="sh:grid sh:gap-1">
          <Label htmlFor={`${id}-increment`}>Increment (s)</Label>
          <input {...field('increment')} inputMode="numeric" placeholder="60" autoComplete="off" className={fieldClass} />
        </div>
        <div className="sh:grid sh:gap-1">
          <Label htmlFor={`${id}-name`}>Destination name</Label>
          <input {...field('name')} placeholder="Mobile" autoComplete="off" className={fieldClass} />
        </div>
        <div className="sh:grid sh:gap-1">
          <Label htmlFor={`${id}-effectiveFrom`}>Effective from (UTC, empty: now)</Label>
          <input {...field('effectiveFrom')} type="datetime-local" className={fieldClass} />
        </div>
        <div className="sh:flex sh:items-end">
          <Button type="submit" aria-disabled={save.isPending || undefined}>
            {save.isPending ? 'Saving…' : 'Save rate'}
          </Button>
        </div>
      </form>
      {message ? (
        <p role="alert" className="sh:text-sm sh:text-destructive">
          {message}
        </p>
      ) : null}
    </TitledSection>
  );
}
