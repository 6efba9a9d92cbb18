// The two dialogs for the settings card and the caller-ID selector: their code (with libphonenumber-js's
// metadata) loads the first time one opens, or earlier on preload (pointer over the button).
import { lazy, Suspense, useState } from 'react';
import type { CallerIdsDialogProps, VirtualNumbersDialogProps } from '@ringwise/apps/exposed/numbers';

const loadVirtualNumbers = () => import('./virtual-numbers/virtual-numbers-dialog.tsx');
const loadCallerIds = () => import('./caller-ids/caller-ids-dialog.tsx');

const VirtualNumbersDialog = lazy(() => loadVirtualNumbers().then((m) => ({ default: m.VirtualNumbersDialog })));
const CallerIdsDialog = lazy(() => loadCallerIds().then((m) => ({ default: m.CallerIdsDialog })));

const quiet = () => {
  // a failed preload is tried again when the dialog opens
};
export const preloadVirtualNumbersDialog = () => void loadVirtualNumbers().catch(quiet);
export const preloadCallerIdsDialog = () => void loadCallerIds().catch(quiet);

/** Mounted from its first opening on (so closing keeps the exit and the focus return, and polling goes on). */
function useUsed(open: boolean | undefined): boolean {
  const [used, setUsed] = useState(Boolean(open));
  if (open && !used) setUsed(true);
  return used;
}

export function LazyVirtualNumbersDialog(props: VirtualNumbersDialogProps & { open: boolean }) {
  if (!useUsed(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <VirtualNumbersDialog {...props} />
    </Suspense>
  );
}

export function LazyCallerIdsDialog(props: CallerIdsDialogProps & { open: boolean }) {
  if (!useUsed(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <CallerIdsDialog {...props} />
    </Suspense>
  );
}
