import '../styles.css';
import type { BillingAppProps } from '@ringwise/apps/exposed/billing';
import type { ExposedComponent } from '@ringwise/apps/exposed-modules';
import { useState } from 'react';
import { CheckoutView } from '../features/checkout/checkout-view.tsx';
import { TopUpDialog } from '../features/top-up/top-up-dialog.tsx';
import { TransactionsView } from '../features/transactions/transactions-view.tsx';

export type { BillingAppProps };

/** The billing remote's pages: Balance & Transactions (/home/transactions), and /checkout. */
function BillingApp({ view = 'transactions' }: BillingAppProps) {
  return view === 'checkout' ? <CheckoutView /> : <TransactionsPage />;
}

function TransactionsPage() {
  const [topUpOpen, setTopUpOpen] = useState(false);
  return (
    <>
      <TransactionsView onAddCredits={() => setTopUpOpen(true)} />
      <TopUpDialog open={topUpOpen} onOpenChange={setTopUpOpen} />
    </>
  );
}

export default BillingApp satisfies ExposedComponent<'billing/app'>;
