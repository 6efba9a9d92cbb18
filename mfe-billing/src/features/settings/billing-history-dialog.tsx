// Settings > Billing > 'Billing History' (spec §2): the top-ups and auto-recharges, newest first, in the same
// rows as the Transactions view, a page at a time.
import { History } from 'lucide-react';
import { Button } from '@ringwise/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@ringwise/ui/dialog';
import { TransactionList } from '../../components/transaction-list.tsx';

export function BillingHistoryDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <History aria-hidden="true" className="bl:size-4" /> View Billing History
        </Button>
      </DialogTrigger>
      <DialogContent className="bl:sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Billing History</DialogTitle>
          <DialogDescription>Your top-ups and auto-recharges, newest first.</DialogDescription>
        </DialogHeader>
        <TransactionList kind="payments" label="Payments" what="billing history" emptyText="No payments yet." />
      </DialogContent>
    </Dialog>
  );
}
