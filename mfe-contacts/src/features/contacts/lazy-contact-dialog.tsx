// The contact dialog for the dialer's widgets: its code (and libphonenumber-js's metadata, most of this
// remote's weight) loads the first time it opens, or earlier when preloadContactDialog() hints at it.
import { lazy, Suspense, useState } from 'react';
import type { ContactDialogProps } from './contact-dialog.tsx';

const loadDialog = () => import('./contact-dialog.tsx');

/** Start loading the dialog, e.g. when the pointer reaches the button that opens it. */
export function preloadContactDialog(): void {
  loadDialog().catch(() => {
    // a failed preload is retried when the dialog actually opens
  });
}

const ContactDialog = lazy(() => loadDialog().then((module) => ({ default: module.ContactDialog })));

/** ContactDialog, mounted from its first opening on (so closing it keeps its exit and focus return). */
export function LazyContactDialog(props: ContactDialogProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ContactDialog {...props} />
    </Suspense>
  );
}
