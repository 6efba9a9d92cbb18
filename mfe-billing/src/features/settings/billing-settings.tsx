import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@ringwise/ui/card';

export function BillingSettings() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Billing</h2>
        </CardTitle>
        <CardDescription>Auto-Recharge, payment methods and billing history.</CardDescription>
      </CardHeader>
      <CardContent className="bl:text-sm bl:text-muted-foreground">Auto-Recharge keeps your balance topped up.</CardContent>
    </Card>
  );
}
