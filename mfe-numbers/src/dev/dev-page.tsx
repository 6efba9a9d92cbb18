// Dev only: what the standalone page renders: the Numbers settings section, buttons that open each dialog as a
// host would (controlled), and the dialer's caller-ID selector. With ?fake-api the api is answered in the page
// (see fake-api.ts for its switches).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { userQueries } from '@ringwise/contract/users';
import { Button } from '@ringwise/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@ringwise/ui/card';
import { formatUsd } from '@ringwise/ui/format';
import { Label } from '@ringwise/ui/label';
import App from '../exposed/app.tsx';
import CallerIdsDialog from '../exposed/caller-ids-dialog.tsx';
import CallerIdSelect from '../exposed/caller-id-select.tsx';
import VirtualNumbersDialog from '../exposed/virtual-numbers-dialog.tsx';

export function DevPage() {
  const user = useQuery({ ...userQueries.current(), meta: { handlesError: true } });
  const [numbersOpen, setNumbersOpen] = useState(false);
  const [callerIdsOpen, setCallerIdsOpen] = useState(false);
  const [from, setFrom] = useState<string | null | undefined>(undefined);
  return (
    <div className="nm:space-y-6">
      <header className="nm:flex nm:flex-wrap nm:items-center nm:gap-x-4 nm:gap-y-2 nm:border-b nm:border-border nm:pb-3">
        <h1 className="nm:text-xl nm:font-bold">Numbers remote (standalone)</h1>
        <span className="nm:ml-auto nm:text-sm nm:tabular-nums nm:text-muted-foreground" data-testid="dev-balance">
          Balance {user.data ? formatUsd(user.data.balance) : '$—'}
        </span>
      </header>
      <App />
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Widgets</h2>
          </CardTitle>
          <CardDescription>The dialogs opened by a host (controlled), and the dialer's From selector.</CardDescription>
        </CardHeader>
        <CardContent className="nm:space-y-4">
          <div className="nm:flex nm:flex-wrap nm:gap-2">
            <Button onClick={() => setNumbersOpen(true)}>Open Virtual Numbers</Button>
            <Button variant="outline" onClick={() => setCallerIdsOpen(true)}>
              Open Verified Caller IDs
            </Button>
          </div>
          <div className="nm:grid nm:max-w-md nm:gap-2">
            <Label htmlFor="dev-from">From</Label>
            <CallerIdSelect id="dev-from" value={from} onChange={setFrom} />
            <p className="nm:text-xs nm:text-muted-foreground" data-testid="dev-from">
              value: {from === undefined ? 'undefined (the default)' : JSON.stringify(from)}
            </p>
          </div>
        </CardContent>
      </Card>
      <VirtualNumbersDialog open={numbersOpen} onOpenChange={setNumbersOpen} />
      <CallerIdsDialog open={callerIdsOpen} onOpenChange={setCallerIdsOpen} />
    </div>
  );
}
