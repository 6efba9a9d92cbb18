// Settings > Notifications (spec §2 'Settings view'): Low Balance Alerts, a switch labelled 'Email
// notifications' with the threshold select. Each change is one PATCH /api/user/preferences.
import { useId } from 'react';
import { preferenceOptions } from '@ringwise/contract/users';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@ringwise/ui/card';
import { Label } from '@ringwise/ui/label';
import { Switch } from '@ringwise/ui/switch';
import { AmountSelect } from './amount-select.tsx';
import { useCurrentUser, useUpdatePreference } from './preferences-data.ts';
import { SettingsLoading, SettingsUnavailable } from '@ringwise/ui/settings-states';

export function NotificationSettings() {
  const id = useId();
  const user = useCurrentUser();
  const update = useUpdatePreference();
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Notifications</h2>
        </CardTitle>
        <CardDescription>Low Balance Alerts by e-mail.</CardDescription>
      </CardHeader>
      <CardContent>
        {user.isPending ? (
          <SettingsLoading label="Loading notification settings" />
        ) : user.isError && !user.data ? (
          <SettingsUnavailable onRetry={() => void user.refetch()} />
        ) : (
          <section aria-labelledby={`${id}-title`} className="bl:space-y-4">
            <div className="bl:space-y-1">
              <h3 id={`${id}-title`} className="bl:text-base bl:font-semibold">
                Low Balance Alerts
              </h3>
              <p id={`${id}-description`} className="bl:text-sm bl:text-muted-foreground">
                We e-mail you when your balance falls below the amount you choose.
              </p>
            </div>
            <div className="bl:flex bl:items-center bl:justify-between bl:gap-4 bl:rounded-md bl:border bl:border-border bl:p-3">
              <Label htmlFor={`${id}-switch`}>Email notifications</Label>
              <Switch
                id={`${id}-switch`}
                checked={user.data.lowBalanceAlertEnabled}
                aria-describedby={`${id}-description`}
                onCheckedChange={(value) => update.mutate({ key: 'lowBalanceAlertEnabled', value })}
              />
            </div>
            <div className="bl:sm:max-w-xs">
              <AmountSelect
                id={`${id}-threshold`}
                label="Alert when balance falls below"
                value={user.data.lowBalanceAlertThreshold}
                options={preferenceOptions.lowBalanceAlertThreshold}
                disabled={!user.data.lowBalanceAlertEnabled}
                onChange={(value) => update.mutate({ key: 'lowBalanceAlertThreshold', value })}
              />
            </div>
          </section>
        )}
      </CardContent>
    </Card>
  );
}
