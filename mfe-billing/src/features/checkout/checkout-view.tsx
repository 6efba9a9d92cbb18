// /checkout (spec §2 route table, §7 "Top-up navigates to /checkout?amount={amount with 2 decimals}"):
// - ?amount=25.00            starts a payment session for that amount and sends the browser to its page;
// - ?session_id=…            (the payment page sends the user back here) waits until the balance is credited,
//                            then says so, refreshes the balance and the transactions, and goes to them;
// - ?canceled=1              the payment was abandoned: says so and goes back to the transactions.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';
import { CircleCheck, CircleAlert, LoaderCircle } from 'lucide-react';
import { errorMessage, isApiError } from '@ringwise/api-client';
import { billingQueries, billingRequests, parseTopUpAmount, type CheckoutSessionState } from '@ringwise/contract/billing';
import { userQueries } from '@ringwise/contract/users';
import { Button } from '@ringwise/ui/button';
import { Card } from '@ringwise/ui/card';
import { formatUsd } from '@ringwise/ui/format';
import { toast } from '@ringwise/ui/toast';
import { browserNavigation } from '../../lib/redirect.ts';

export const TRANSACTIONS_PATH = '/home/transactions';
/** Spec §9 has no number for it: about a second between looks, for up to half a minute. */
export const POLL_INTERVAL_MS = 1000;
export const POLL_TIMEOUT_MS = 30_000;

export const CHECKOUT_TEXT = {
  paidTitle: 'Payment successful',
  paidDescription: (amount: string) => `Added ${formatUsd(amount)} to your balance.`,
  canceledTitle: 'Payment canceled',
  canceledDescription: 'No money was taken.',
  startFailed: 'Could not start the payment. Please try again.',
} as const;

export interface CheckoutViewProps {
  /** Tests shorten the wait. */
  pollIntervalMs?: number;
  pollTimeoutMs?: number;
}

export function CheckoutView({ pollIntervalMs = POLL_INTERVAL_MS, pollTimeoutMs = POLL_TIMEOUT_MS }: CheckoutViewProps) {
  const params = new URLSearchParams(useSearch());
  const sessionId = params.get('session_id');
  let body: ReactNode;
  if (params.has('canceled')) body = <CanceledPayment />;
  else if (sessionId) body = <ReturningPayment key={sessionId} id={sessionId} intervalMs={pollIntervalMs} timeoutMs={pollTimeoutMs} />;
  else body = <StartPayment key={params.get('amount') ?? ''} amountText={params.get('amount')} />;
  return (
    <section aria-labelledby="checkout-title" className="bl:mx-auto bl:max-w-md bl:space-y-4">
      <h1 id="checkout-title" className="bl:text-2xl bl:font-bold">
        Checkout
      </h1>
      {body}
    </section>
  );
}

/** ?amount=: a payment session for the amount, then off to the payment page. */
function StartPayment({ amountText }: { amountText: string | null }) {
  const parsed = parseTopUpAmount(amountText ?? '');
  const amount = 'amount' in parsed ? parsed.amount : null;
  const start = useMutation({
    mutationFn: (value: string) => billingRequests.createCheckoutSession(value),
    // the page says what went wrong itself
    meta: { handlesError: true },
    onSuccess: (session) => browserNavigation.assign(session.url),
  });
  // once per visit (StrictMode's second effect run included); Try again starts another
  const started = useRef(false);
  useEffect(() => {
    if (!amount || started.current) return;
    started.current = true;
    start.mutate(amount);
  }, [amount, start]);

  if (!amount) {
    return (
      <Notice tone="error" title="This top-up amount cannot be used" actions={<BackToTransactions />}>
        {'problem' in parsed ? parsed.problem : null} Go back and pick one with Add Credits.
      </Notice>
    );
  }
  if (start.isError) {
    return (
      <Notice
        tone="error"
        title="The payment could not be started"
        actions={
          <>
            <Button onClick={() => start.mutate(amount)}>Try again</Button>
            <BackToTransactions variant="outline" />
          </>
        }
      >
        {errorMessage(start.error, CHECKOUT_TEXT.startFailed)}
      </Notice>
    );
  }
  return (
    <Notice tone="busy" title={`Adding ${formatUsd(amount)} to your balance`}>
      Taking you to secure checkout...
    </Notice>
  );
}

type Outcome = 'waiting' | 'credited' | 'expired' | 'not-found' | 'timed-out';

function outcomeOf(session: CheckoutSessionState | undefined, error: unknown, timedOut: boolean): Outcome {
  if (session?.credited) return 'credited';
  if (session?.status === 'expired') return 'expired';
  // a session the api does not know (or not for this user) will not become one
  if (isApiError(error) && error.status >= 400 && error.status < 500) return 'not-found';
  return timedOut ? 'timed-out' : 'waiting';
}

/** ?session_id=: back from the payment page; ask about the session every second until it is credited. */
function ReturningPayment({ id, intervalMs, timeoutMs }: { id: string; intervalMs: number; timeoutMs: number }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [round, setRound] = useState(0);
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    setTimedOut(false);
    const timer = setTimeout(() => setTimedOut(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [timeoutMs, round]);

  const session = useQuery({
    ...billingQueries.checkoutSession(id),
    meta: { handlesError: true },
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) => (outcomeOf(query.state.data, query.state.error, timedOut) === 'waiting' ? intervalMs : false),
    refetchIntervalInBackground: true,
  });
  const outcome = outcomeOf(session.data, session.error, timedOut);

  const announced = useRef(false);
  useEffect(() => {
    if (outcome !== 'credited' || announced.current || !session.data) return;
    announced.current = true;
    toast({ title: CHECKOUT_TEXT.paidTitle, description: CHECKOUT_TEXT.paidDescription(session.data.amount), variant: 'success' });
    // the header's balance and the list show the top-up without a reload
    void queryClient.invalidateQueries({ queryKey: userQueries.current().queryKey });
    void queryClient.invalidateQueries({ queryKey: billingQueries.transactions().queryKey });
    navigate(TRANSACTIONS_PATH, { replace: true });
  }, [outcome, session.data, queryClient, navigate]);

  const checkAgain = () => {
    setRound((n) => n + 1);
    void session.refetch();
  };

  switch (outcome) {
    case 'waiting':
      return (
        <Notice tone="busy" title="Confirming your payment">
          This takes a few seconds. Please keep this page open.
        </Notice>
      );
    case 'credited':
      return (
        <Notice tone="done" title={CHECKOUT_TEXT.paidTitle}>
          {session.data ? CHECKOUT_TEXT.paidDescription(session.data.amount) : null}
        </Notice>
      );
    case 'expired':
      return (
        <Notice tone="error" title="This payment has expired" actions={<BackToTransactions />}>
          No money was taken. Start a new top-up with Add Credits.
        </Notice>
      );
    case 'not-found':
      return (
        <Notice tone="error" title="We could not find this payment" actions={<BackToTransactions />}>
          {errorMessage(session.error, 'This payment is not one of yours, or the link is incomplete.')}
        </Notice>
      );
    case 'timed-out':
      return (
        <Notice
          tone="error"
          title={session.data?.paymentStatus === 'paid' ? 'Your payment is still being processed' : 'We have not received your payment yet'}
          actions={
            <>
              <Button onClick={checkAgain}>Check again</Button>
              <BackToTransactions variant="outline" />
            </>
          }
        >
          {session.data?.paymentStatus === 'paid'
            ? 'The payment went through, but your balance has not been updated yet. It will be shortly; check again in a minute.'
            : 'If you completed the payment, check again in a minute. Otherwise no money was taken and you can start again with Add Credits.'}
        </Notice>
      );
  }
}

/** ?canceled=1: the payment page was left without paying. */
function CanceledPayment() {
  const [, navigate] = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    toast({ title: CHECKOUT_TEXT.canceledTitle, description: CHECKOUT_TEXT.canceledDescription });
    navigate(TRANSACTIONS_PATH, { replace: true });
  }, [navigate]);
  return (
    <Notice tone="done" title={CHECKOUT_TEXT.canceledTitle}>
      {CHECKOUT_TEXT.canceledDescription}
    </Notice>
  );
}

function BackToTransactions({ variant = 'default' }: { variant?: 'default' | 'outline' }) {
  return (
    <Button asChild variant={variant}>
      <Link href={TRANSACTIONS_PATH}>Back to Balance &amp; Transactions</Link>
    </Button>
  );
}

const toneIcons = {
  busy: <LoaderCircle aria-hidden="true" className="bl:size-6 bl:shrink-0 bl:animate-spin bl:text-primary bl:motion-reduce:animate-none" />,
  done: <CircleCheck aria-hidden="true" className="bl:size-6 bl:shrink-0 bl:text-success" />,
  error: <CircleAlert aria-hidden="true" className="bl:size-6 bl:shrink-0 bl:text-destructive" />,
};

function Notice({ tone, title, children, actions }: { tone: keyof typeof toneIcons; title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Card role={tone === 'error' ? 'alert' : 'status'} aria-busy={tone === 'busy' || undefined} className="bl:space-y-4 bl:p-6">
      <div className="bl:flex bl:items-start bl:gap-3">
        {toneIcons[tone]}
        <div className="bl:min-w-0 bl:space-y-1">
          <h2 className="bl:text-lg bl:font-semibold">{title}</h2>
          <p className="bl:text-sm bl:text-muted-foreground">{children}</p>
        </div>
      </div>
      {actions ? <div className="bl:flex bl:flex-col bl:gap-2 bl:sm:flex-row">{actions}</div> : null}
    </Card>
  );
}
