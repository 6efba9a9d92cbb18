// The in-page offer of incoming-call notifications (notification-offer.ts): shown to a user who owns a number, on
// Settings > Numbers and in the Virtual Numbers dialog after a purchase.
import { useId, useSyncExternalStore } from 'react';
import { BellRing } from 'lucide-react';
import { Button } from '@ringwise/ui/button';
import { cn } from '@ringwise/ui/cn';
import { pageNotificationOffer, type NotificationOffer } from './notification-offer.ts';

export function NotificationPrompt({ offer = pageNotificationOffer(), className }: { offer?: NotificationOffer; className?: string }) {
  const id = useId();
  const offered = useSyncExternalStore(offer.subscribe, offer.offered, () => false);
  if (!offered) return null;
  return (
    <section
      aria-labelledby={`${id}-text`}
      data-testid="notification-prompt"
      className={cn('nm:flex nm:flex-wrap nm:items-center nm:gap-3 nm:rounded-md nm:border nm:border-border nm:bg-muted/40 nm:p-3', className)}
    >
      <BellRing aria-hidden="true" className="nm:size-5 nm:shrink-0 nm:text-primary" />
      <p id={`${id}-text`} className="nm:min-w-0 nm:flex-1 nm:basis-48 nm:text-sm">
        Get notified of incoming calls when Ringwise is in the background
      </p>
      <div className="nm:ml-auto nm:flex nm:gap-2">
        <Button size="sm" variant="ghost" onClick={() => offer.dismiss()}>
          Not now
        </Button>
        <Button size="sm" onClick={() => void offer.turnOn()}>
          Turn on
        </Button>
      </div>
    </section>
  );
}
