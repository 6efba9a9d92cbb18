import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@ringwise/ui/card';

export function NotificationSettings() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Notifications</h2>
        </CardTitle>
        <CardDescription>Low Balance Alerts by e-mail.</CardDescription>
      </CardHeader>
      <CardContent className="bl:text-sm bl:text-muted-foreground">We e-mail you when your balance runs low.</CardContent>
    </Card>
  );
}
