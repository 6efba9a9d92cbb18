// The toast UI arrives with the first toast: the store is tiny and always there, the radix Toaster is not
// needed until something is said.
import { useEffect, useState, type ComponentType } from 'react';
import { useToasts } from '@ringwise/ui/toast';

export function LazyToaster() {
  const hasToasts = useToasts().length > 0;
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!hasToasts || Toaster) return;
    import('@ringwise/ui/toaster').then(
      (mod) => setToaster(() => mod.Toaster),
      (error: unknown) => console.error('The notifications could not be loaded', error),
    );
  }, [hasToasts, Toaster]);
  return Toaster ? <Toaster /> : null;
}
