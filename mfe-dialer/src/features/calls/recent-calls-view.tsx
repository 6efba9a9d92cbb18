import { Card, CardContent } from '@ringwise/ui/card';

export function RecentCallsView() {
  return (
    <section aria-labelledby="calls-title" className="dl:space-y-4">
      <h1 id="calls-title" className="dl:text-2xl dl:font-bold">
        Recent Calls
      </h1>
      <Card>
        <CardContent className="dl:p-6 dl:text-sm dl:text-muted-foreground">
          Your call history appears here once you place your first call.
        </CardContent>
      </Card>
    </section>
  );
}
