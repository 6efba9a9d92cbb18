// The top-up dialog 'Add Calling Credits' (spec §2, §5 'Top-up', §9 'Money'): the four presets with the popular
// one marked, a custom amount from $5 to $500, and 'Continue to Payment - $X', which goes to
// /checkout?amount=X.XX (spec §7). Used by the Transactions view and exposed as './widgets/top-up-dialog'.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Lock, Plus } from 'lucide-react';
import { topUpPresets } from '@ringwise/contract/billing';
import { Button } from '@ringwise/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger, useControllableOpen } from '@ringwise/ui/dialog';
import { formatUsd } from '@ringwise/ui/format';
import { Input } from '@ringwise/ui/input';
import { Label } from '@ringwise/ui/label';
import type { TopUpDialogProps } from '@ringwise/apps/exposed/billing';
import { formatOptionUsd } from '../../lib/money.ts';
import { checkoutHref, choosePreset, initialTopUpChoice, resolveTopUp, typeCustomAmount, type TopUpChoice } from './top-up-choice.ts';

export const CUSTOM_RANGE_HINT = 'From $5 to $500.';

export function TopUpDialog({ open: openProp, onOpenChange, returnFocusRef, triggerLabel = 'Add Credits', triggerClassName }: TopUpDialogProps) {
  const { open, setOpen, controlled } = useControllableOpen(openProp, onOpenChange);
  const [, navigate] = useLocation();
  const content = useRef<HTMLDivElement>(null);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {controlled ? null : (
        <DialogTrigger asChild>
          <Button className={triggerClassName}>
            <Plus aria-hidden="true" className="bl:size-4" /> {triggerLabel}
          </Button>
        </DialogTrigger>
      )}
      <DialogContent
        ref={content}
        className="bl:sm:max-w-md"
        returnFocusRef={returnFocusRef}
        onOpenAutoFocus={(event) => {
          // start on the chosen preset rather than the first one
          const chosen = content.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked');
          if (chosen) {
            event.preventDefault();
            chosen.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>Add Calling Credits</DialogTitle>
          <DialogDescription>Add credit to your balance and pay only for the minutes you call.</DialogDescription>
        </DialogHeader>
        <TopUpForm
          onContinue={(amount) => {
            setOpen(false);
            navigate(checkoutHref(amount));
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/** The presets, the custom amount and the continue button; mounted with the dialog, so it starts afresh each time. */
export function TopUpForm({ onContinue }: { onContinue: (amount: string) => void }) {
  const id = useId();
  const [choice, setChoice] = useState<TopUpChoice>(initialTopUpChoice);
  const resolved = resolveTopUp(choice);
  const amount = 'amount' in resolved ? resolved.amount : null;
  const fieldProblem = 'problem' in resolved && resolved.inField ? resolved.problem : null;
  const hint = fieldProblem ?? ('problem' in resolved ? resolved.problem : CUSTOM_RANGE_HINT);
  const customId = `${id}-custom`;
  const hintId = `${id}-hint`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (amount) onContinue(amount);
  }

  return (
    <form noValidate onSubmit={submit} className="bl:grid bl:gap-5">
      <fieldset className="bl:grid bl:gap-3">
        <legend className="bl:mb-3 bl:text-sm bl:font-medium">Choose an amount</legend>
        <div className="bl:grid bl:grid-cols-2 bl:gap-3">
          {topUpPresets.map((preset) => (
            <label
              key={preset.amount}
              // the chosen look follows the dialog's state (the radio itself is visually hidden)
              data-checked={choice.preset === preset.amount || undefined}
              className="bl:relative bl:flex bl:cursor-pointer bl:flex-col bl:items-center bl:gap-0.5 bl:rounded-lg bl:border-2 bl:border-border bl:bg-background bl:px-3 bl:py-4 bl:text-center bl:transition-colors bl:hover:border-primary/60 bl:data-checked:border-primary bl:data-checked:bg-accent bl:has-focus-visible:ring-2 bl:has-focus-visible:ring-ring bl:has-focus-visible:ring-offset-2"
            >
              <input
                type="radio"
                name={`${id}-preset`}
                value={preset.amount}
                checked={choice.preset === preset.amount}
                onChange={() => setChoice(choosePreset(preset.amount))}
                className="bl:sr-only"
              />
              <span className="bl:text-xl bl:font-bold bl:tabular-nums">{formatOptionUsd(preset.amount)}</span>
              <span className="bl:text-sm bl:text-muted-foreground">
                <span aria-hidden="true">~{preset.minutes} min</span>
                <span className="bl:sr-only">about {preset.minutes} minutes</span>
              </span>
              {/* after the amount, so it is read last: "$25 about 1000 minutes Popular" */}
              {preset.popular ? (
                <span className="bl:absolute bl:-top-2.5 bl:rounded-full bl:bg-primary bl:px-2 bl:py-0.5 bl:text-xs bl:font-semibold bl:text-primary-foreground">
                  Popular
                </span>
              ) : null}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="bl:grid bl:gap-2">
        <Label htmlFor={customId}>Custom amount</Label>
        <div className="bl:relative">
          <span aria-hidden="true" className="bl:pointer-events-none bl:absolute bl:left-3 bl:top-1/2 bl:-translate-y-1/2 bl:text-sm bl:text-muted-foreground">
            $
          </span>
          <Input
            id={customId}
            name="amount"
            type="number"
            inputMode="decimal"
            min={5}
            max={500}
            step={0.01}
            placeholder="5.00 - 500.00"
            autoComplete="off"
            value={choice.custom}
            aria-invalid={fieldProblem ? true : undefined}
            aria-describedby={hintId}
            onChange={(event) => setChoice(typeCustomAmount(event.target.value, event.target.validity?.badInput ?? false))}
            // text a number field cannot read keeps its value '' (no change event): catch it here
            onInput={(event) => {
              if (event.currentTarget.validity?.badInput) setChoice(typeCustomAmount('', true));
            }}
            className="bl:pl-7"
          />
        </div>
        <p id={hintId} aria-live="polite" className={fieldProblem ? 'bl:text-sm bl:font-medium bl:text-destructive' : 'bl:text-sm bl:text-muted-foreground'}>
          {hint}
        </p>
      </div>

      <div className="bl:grid bl:gap-3">
        <Button type="submit" size="lg" disabled={!amount} aria-describedby={amount ? undefined : hintId} className="bl:w-full">
          {amount ? `Continue to Payment - ${formatUsd(amount)}` : 'Continue to Payment'}
        </Button>
        <p className="bl:flex bl:items-center bl:justify-center bl:gap-2 bl:text-center bl:text-xs bl:text-muted-foreground">
          <Lock aria-hidden="true" className="bl:size-3.5 bl:shrink-0" />
          Secure checkout (card, Apple Pay, Google Pay)
        </p>
      </div>
    </form>
  );
}
