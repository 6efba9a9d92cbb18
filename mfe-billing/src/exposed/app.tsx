import '../styles.css';
import { TransactionsView } from '../features/transactions/transactions-view.tsx';
import { CheckoutView } from '../features/checkout/checkout-view.tsx';

export interface BillingAppProps {
  view?: 'transactions' | 'checkout';
}

/** The billing remote's pages: Balance & Transactions, and /checkout. */
export default function BillingApp({ view = 'transactions' }: BillingAppProps) {
  return view === 'checkout' ? <CheckoutView /> : <TransactionsView />;
}
