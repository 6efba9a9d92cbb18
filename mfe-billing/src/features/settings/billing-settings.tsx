// Settings > Billing (spec §2 'Settings view'): Auto-Recharge with its trigger and amount, Payment Methods (the
// payment provider's portal) and Billing History. Each change is one PATCH /api/user/preferences.
import { useId } from 'react';
import { CreditCard } from 'lucide-react';
import { preferenceOptions } from '@ringwise/contract/users';
import { Button } from '@ringwise/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@ringwise/ui/card';
import { Label } from '@ringwise/ui/label';
import { Switch } from '@ringwise/ui/switch';
import { AmountSelect } from './amount-select.tsx';
import { BillingHistoryDialog } from './billing-history-dialog.tsx';
import { useCurrentUser, useOpenPaymentPortal, useUpdatePreference } from './preferences-data.ts';
import { SettingsLoading, SettingsUnavailable } from '@ringwise/ui/settings-states';

export function BillingSettings() {
  const user = useCurrentUser();
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Billing</h2>
        </CardTitle>
        <CardDescription>Auto-Recharge, payment methods and billing history.</CardDescription>
      </CardHeader>
      <CardContent>
        {user.isPending ? (
          <SettingsLoading label="Loading billing settings" />
        ) : user.isError && !user.data ? (
          <SettingsUnavailable onRetry={() => void user.refetch()} />
        ) : (
          <div className="bl:divide-y bl:divide-border">
            <AutoRecharge
              enabled={user.data.autoRechargeEnabled}
              trigger={user.data.autoRechargeTrigger}
              amount={user.data.autoRechargeAmount}
            />
            <PaymentMethods hasCustomer={user.data.stripeCustomerId !== null} />
            <section aria-labelledby="billing-history-title" className="bl:space-y-3 bl:py-5 bl:last:pb-0">
              <h3 id="billing-history-title" className="bl:text-base bl:font-semibold">
                Billing History
              </h3>
              <p className="bl:text-sm bl:text-muted-foreground">Every top-up and auto-recharge, with its date and status.</p>
              <BillingHistoryDialog />
            </section>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function AutoRecharge({ enabled, trigger, amount }: { enabled: boolean; trigger: string; amount: string }) {
  const id = useId();
  const update = useUpdatePreference();
  return (
    <section aria-labelledby={`${id}-title`} className="bl:space-y-4 bl:pb-5">
      <div className="bl:flex bl:items-start bl:justify-between bl:gap-4">
        <div className="bl:min-w-0 bl:space-y-1">
          <h3 id={`${id}-title`} className="bl:text-base bl:font-semibold">
            <Label htmlFor={`${id}-switch`} className="bl:text-base bl:font-semibold">
              Auto-Recharge
            </Label>
          </h3>
          <p id={`${id}-description`} className="bl:text-sm bl:text-muted-foreground">
            Top up automatically with your saved card when your balance runs low.
          </p>
        </div>
        <Switch
          id={`${id}-switch`}
          checked={enabled}
          aria-describedby={`${id}-description`}
          onCheckedChange={(value) => update.mutate({ key: 'autoRechargeEnabled', value })}
          className="bl:mt-0.5"
        />
      </div>
      <div className="bl:grid bl:gap-4 bl:sm:grid-cols-2">
        <AmountSelect
          id={`${id}-trigger`}
          label="When balance falls below"
          value={trigger}
          options={preferenceOptions.autoRechargeTrigger}
          disabled={!enabled}
          onChange={(value) => update.mutate({ key: 'autoRechargeTrigger', value })}
        />
        <AmountSelect
          id={`${id}-amount`}
          label="Recharge amount"
          value={amount}
          options={preferenceOptions.autoRechargeAmount}
          disabled={!enabled}
          onChange={(value) => update.mutate({ key: 'autoRechargeAmount', value })}
        />
      </div>
    </section>
  );
}

function PaymentMethods({ hasCustomer }: { hasCustomer: boolean }) {
  const portal = useOpenPaymentPortal();
  return (
    <section aria-labelledby="payment-methods-title" className="bl:space-y-3 bl:py-5">
      <h3 id="payment-methods-title" className="bl:text-base bl:font-semibold">
        Payment Methods
      </h3>
      <p className="bl:text-sm bl:text-muted-foreground">
        {hasCustomer
          ? "Add or remove the cards you pay with, on the payment provider's secure page."
          : 'Your card is saved with your first top-up.'}
      </p>
      {hasCustomer ? (
        <Button variant="outline" aria-disabled={portal.isPending || undefined} onClick={() => !portal.isPending && portal.mutate()}>
          <CreditCard aria-hidden="true" className="bl:size-4" />
          {portal.isPending ? 'Opening...' : 'Manage Payment Methods'}
        </Button>
      ) : (
        <Button variant="outline" disabled>
          <CreditCard aria-hidden="true" className="bl:size-4" /> No payment methods yet
        </Button>
      )}
    </section>
  );
}
