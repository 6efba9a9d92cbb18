import '../styles.css';
import { useState } from 'react';
import { CheckoutView } from '../features/checkout/checkout-view.tsx';
import { TopUpDialog } from '../features/top-up/top-up-dialog.tsx';
import { TransactionsView } from '../features/transactions/transactions-view.tsx';

export interface BillingAppProps {
  view?: 'transactions' | 'checkout';
}

/** The billing remote's pages: Balance & Transactions (/home/transactions), and /checkout. */
export default function BillingApp({ view = 'transactions' }: BillingAppProps) {
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
