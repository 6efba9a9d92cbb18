import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Plus } from 'lucide-react';
import type { ExposedModuleId } from '@ringwise/apps/exposed-modules';
import { userQueries } from '@ringwise/contract/users';
import { Button } from '@ringwise/ui/button';
import { Skeleton } from '@ringwise/ui/skeleton';
import { formatUsd } from '@ringwise/ui/format';
import { toast } from '@ringwise/ui/toast';
import { isFailedRemoteModule } from '../federation/failed-remote.ts';
import { RemoteSlot } from '../federation/remote-slot.tsx';
import { loadRemoteComponent, loadedRemoteComponent } from '../federation/remotes.ts';

/** The billing remote's 'Add Calling Credits' dialog (TopUpDialogProps, packages/apps/src/exposed/billing.ts). */
export const TOP_UP_WIDGET = 'billing/widgets/top-up-dialog' satisfies ExposedModuleId;

/** The balance in the header, with the quick add-credits button beside it. */
export function BalanceButton() {
  const user = useQuery({ ...userQueries.current(), meta: { handlesError: true } });
  return (
    <div className="sh:flex sh:items-center sh:gap-1 sh:rounded-full sh:border sh:border-border sh:bg-card sh:py-1 sh:pl-3 sh:pr-1">
      <Link
        href="/home/transactions"
        className="sh:text-sm sh:font-semibold sh:tabular-nums"
        // the name says the amount, as the link shows it
        aria-label={user.data ? `Balance ${formatUsd(user.data.balance)}: balance and transactions` : 'Balance and transactions'}
      >
        {user.isPending ? (
          <Skeleton className="sh:h-4 sh:w-12" />
        ) : user.data ? (
          <span data-testid="header-balance">{formatUsd(user.data.balance)}</span>
        ) : (
          <span title="Balance unavailable">$—</span>
        )}
      </Link>
      <AddCreditsButton />
    </div>
  );
}

type Phase = 'idle' | 'loading' | 'ready';

/**
 * Opens the top-up dialog. Its code is the billing remote's and is not part of the shell's first load: it is
 * fetched when the pointer or the focus reaches the button (or at the click), then rendered through a
 * RemoteSlot. Until it has arrived the button says it is busy; if it cannot be loaded, a toast says so and the
 * next click tries again.
 */
function AddCreditsButton() {
  const button = useRef<HTMLButtonElement>(null);
  const [phase, setPhase] = useState<Phase>(() => (loadedRemoteComponent(TOP_UP_WIDGET) ? 'ready' : 'idle'));
  const [open, setOpen] = useState(false);

  const prefetch = () => {
    if (phase === 'idle') void loadRemoteComponent(TOP_UP_WIDGET).catch(() => {});
  };

  const openDialog = () => {
    if (phase === 'ready') {
      setOpen(true);
      return;
    }
    if (phase === 'loading') return;
    setPhase('loading');
    const unavailable = () => {
      setPhase('idle');
      toast({ variant: 'destructive', title: 'Add credits is unavailable', description: 'It could not be loaded. Please try again.' });
    };
    loadRemoteComponent(TOP_UP_WIDGET).then((result) => {
      if (isFailedRemoteModule(result)) return unavailable();
      setPhase('ready');
      setOpen(true);
    }, unavailable);
  };

  return (
    <>
      <Button
        ref={button}
        size="icon"
        aria-label="Add credits"
        title="Add credits"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-busy={phase === 'loading' || undefined}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={openDialog}
        className={`sh:h-7 sh:w-7 sh:rounded-full ${phase === 'loading' ? 'sh:animate-pulse' : ''}`}
      >
        <Plus aria-hidden className="sh:h-4 sh:w-4" />
      </Button>
      {phase === 'ready' ? (
        <RemoteSlot
          remote="billing"
          module="widgets/top-up-dialog"
          area="Add credits"
          props={{ open, onOpenChange: setOpen, returnFocusRef: button }}
        />
      ) : null}
    </>
  );
}
