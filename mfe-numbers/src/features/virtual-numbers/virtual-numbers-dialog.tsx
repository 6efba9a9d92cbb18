// The Virtual Numbers modal (spec §2): 'Get a New Number' and 'Your Existing Numbers', at most 85% of the
// viewport high (it scrolls inside). Exposed as './widgets/virtual-numbers-dialog'.
import { Hash } from 'lucide-react';
import { Button } from '@ringwise/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger, useControllableOpen } from '@ringwise/ui/dialog';
import type { VirtualNumbersDialogProps } from '@ringwise/apps/exposed/numbers';
import { ExistingNumbers } from './existing-numbers.tsx';
import { GetNumberSection } from './get-number-section.tsx';
import { useNumberSearch } from './use-number-search.ts';

export function VirtualNumbersDialog({ open: openProp, onOpenChange, returnFocusRef, triggerLabel = 'Manage Virtual Numbers', triggerClassName }: VirtualNumbersDialogProps) {
  const { open, setOpen, controlled } = useControllableOpen(openProp, onOpenChange);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {controlled ? null : (
        <DialogTrigger asChild>
          <Button variant="outline" className={triggerClassName}>
            <Hash aria-hidden="true" className="nm:size-4" /> {triggerLabel}
          </Button>
        </DialogTrigger>
      )}
      <DialogContent
        className="nm:max-h-[85vh] nm:gap-6 nm:p-4 nm:sm:max-w-2xl nm:sm:p-6"
        returnFocusRef={returnFocusRef}
      >
        <DialogHeader>
          <DialogTitle>Virtual Numbers</DialogTitle>
          <DialogDescription>Rent a local, mobile or toll-free number, paid monthly from your balance.</DialogDescription>
        </DialogHeader>
        <VirtualNumbersBody />
      </DialogContent>
    </Dialog>
  );
}

/** The dialog's sections; mounted with the dialog, so each opening starts afresh. */
function VirtualNumbersBody() {
  const search = useNumberSearch();
  return (
    <div className="nm:grid nm:min-w-0 nm:gap-6">
      <GetNumberSection state={search} />
      <hr className="nm:border-border" />
      <ExistingNumbers />
    </div>
  );
}
