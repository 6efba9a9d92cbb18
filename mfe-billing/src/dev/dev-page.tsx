// Dev only: what the standalone page renders: a small frame with the remote's screens, routed by ?at=.
//   ?at=/home/transactions (default) | /home/settings | /checkout?amount=25.00 | /widgets
// With ?fake-api the api is answered in the page, including stand-ins for the payment pages
// (/fake-pay, /fake-portal). Open ?fake-api&reset to start from the seed data again.
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, Router, useSearch } from 'wouter';
import { userQueries } from '@ringwise/contract/users';
import { Button } from '@ringwise/ui/button';
import { Card } from '@ringwise/ui/card';
import { formatUsd } from '@ringwise/ui/format';
import App from '../exposed/app.tsx';
import NotificationSettings from '../exposed/settings-notifications.tsx';
import BillingSettings from '../exposed/settings-billing.tsx';
import TopUpDialog from '../exposed/top-up-dialog.tsx';
import { useDevLocation } from './dev-location.ts';

const links = [
  ['/home/transactions', 'Transactions'],
  ['/home/settings', 'Settings'],
  ['/widgets', 'Top-up widget'],
] as const;

export function DevPage() {
  return (
    <Router hook={useDevLocation}>
      <DevFrame />
    </Router>
  );
}

function DevFrame() {
  const [path] = useDevLocation();
  const user = useQuery({ ...userQueries.current(), meta: { handlesError: true } });
  return (
    <div className="bl:space-y-6">
      <nav aria-label="Billing dev page" className="bl:flex bl:flex-wrap bl:items-center bl:gap-x-4 bl:gap-y-2 bl:border-b bl:border-border bl:pb-3 bl:text-sm">
        {links.map(([href, label]) => (
          <Link key={href} href={href} aria-current={path === href ? 'page' : undefined} className="bl:font-medium bl:text-primary bl:underline-offset-4 bl:hover:underline bl:aria-[current=page]:underline">
            {label}
          </Link>
        ))}
        <span className="bl:ml-auto bl:tabular-nums bl:text-muted-foreground" data-testid="dev-balance">
          Balance {user.data ? formatUsd(user.data.balance) : '$—'}
        </span>
      </nav>
      <DevRoute path={path} />
    </div>
  );
}

function DevRoute({ path }: { path: string }) {
  switch (path) {
    case '/checkout':
      return <App view="checkout" />;
    case '/home/settings':
      return (
        <div className="bl:space-y-4">
          <BillingSettings />
          <NotificationSettings />
        </div>
      );
    case '/widgets':
      return <WidgetsDemo />;
    case '/fake-pay':
      return <FakePaymentPage />;
    case '/fake-portal':
      return <FakePage title="Payment portal (simulated)" text="The payment provider's page for saved cards would be here." back="/home/settings" />;
    default:
      return <App view="transactions" />;
  }
}

function WidgetsDemo() {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="widgets-title" className="bl:space-y-4">
      <h1 id="widgets-title" className="bl:text-2xl bl:font-bold">
        Top-up widget
      </h1>
      <p className="bl:text-sm bl:text-muted-foreground">Uncontrolled (its own trigger), and controlled (as the shell's header uses it).</p>
      <div className="bl:flex bl:flex-wrap bl:gap-3">
        <TopUpDialog />
        <Button variant="outline" onClick={() => setOpen(true)}>
          Open controlled
        </Button>
        <TopUpDialog open={open} onOpenChange={setOpen} />
      </div>
    </section>
  );
}

/** Stands in for the payment provider's hosted checkout page: it returns to /checkout as the real one does. */
function FakePaymentPage() {
  const session = new URLSearchParams(useSearch()).get('session') ?? '';
  return (
    <FakePage title="Checkout (simulated payment page)" text={`Session ${session}. The payment provider's page would take the card here.`}>
      <Button asChild>
        <Link href={`/checkout?session_id=${encodeURIComponent(session)}`}>Pay</Link>
      </Button>
      <Button asChild variant="outline">
        <Link href="/checkout?canceled=1">Cancel</Link>
      </Button>
    </FakePage>
  );
}

function FakePage({ title, text, back, children }: { title: string; text: string; back?: string; children?: ReactNode }) {
  return (
    <Card className="bl:mx-auto bl:max-w-md bl:space-y-4 bl:border-dashed bl:p-6">
      <h1 className="bl:text-xl bl:font-bold">{title}</h1>
      <p className="bl:text-sm bl:text-muted-foreground">{text}</p>
      <div className="bl:flex bl:gap-2">
        {children}
        {back ? (
          <Button asChild variant="outline">
            <Link href={back}>Back to Ringwise</Link>
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
