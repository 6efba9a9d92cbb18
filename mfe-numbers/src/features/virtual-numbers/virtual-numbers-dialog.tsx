// The Virtual Numbers modal (spec §2): 'Get a New Number' and 'Your Existing Numbers', at most 85% of the
// viewport high (it scrolls inside). Exposed as './widgets/virtual-numbers-dialog'.
import { Hash } from 'lucide-react';
import type { VirtualNumbersDialogProps } from '@ringwise/apps/exposed/numbers';
import { WidgetDialog } from '../../components/widget-dialog.tsx';
import { NotificationPrompt } from '../call-notifications/notification-prompt.tsx';
import { ExistingNumbers } from './existing-numbers.tsx';
import { GetNumberSection } from './get-number-section.tsx';
import { useNumberSearch } from './use-number-search.ts';

export function VirtualNumbersDialog({ triggerLabel = 'Manage Virtual Numbers', ...props }: VirtualNumbersDialogProps) {
  return (
    <WidgetDialog
      {...props}
      triggerLabel={triggerLabel}
      triggerIcon={<Hash aria-hidden="true" className="nm:size-4" />}
      widthClassName="nm:sm:max-w-2xl"
      title="Virtual Numbers"
      description="Rent a local, mobile or toll-free number, paid monthly from your balance."
    >
      <VirtualNumbersBody />
    </WidgetDialog>
  );
}

/** The dialog's sections; mounted with the dialog, so each opening starts afresh. */
function VirtualNumbersBody() {
  const search = useNumberSearch();
  return (
    <div className="nm:grid nm:min-w-0 nm:gap-6">
      {/* the user now owns a number, so calls can ring while Ringwise is in the background */}
      {search.bought ? <NotificationPrompt /> : null}
      <GetNumberSection state={search} />
      <hr className="nm:border-border" />
      <ExistingNumbers />
    </div>
  );
}
