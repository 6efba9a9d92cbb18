// The close controls of the dialog and the sheet, and where the focus goes when they close. Not a kit module of its own (internal/ is not shared): each
// build's dialog and sheet bundle these with their own radix Dialog, so a sheet provided by one remote never
// renders a Close bound to another build's Dialog context ('DialogClose must be used within Dialog').
import { useRef, type KeyboardEvent, type RefObject } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { CloseIcon } from '@ringwise/ui/icons';

/**
 * Escape in a dialog (or sheet) closes it, also while a toast is up: radix counts a toast shown after the
 * panel as the top layer, which would take the Escape for itself. Whatever already answered the key (the panel
 * itself, a select or a dialog inside it, a panel that refuses to close) prevented its default. Spread
 * `onKeyDown` on the content and render `closer` inside it.
 */
export function useEscapeCloses(onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void) {
  const close = useRef<HTMLButtonElement>(null);
  return {
    onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
      onKeyDown?.(event);
      if (event.key === 'Escape' && !event.nativeEvent.defaultPrevented && !event.defaultPrevented) {
        event.preventDefault();
        close.current?.click();
      }
    },
    closer: <DialogPrimitive.Close ref={close} hidden tabIndex={-1} aria-hidden />,
  };
}

/** The labelled × in a dialog's (or sheet's) top-right corner. */
export function DialogCornerClose() {
  return (
    <DialogPrimitive.Close className="absolute right-4 top-4 rounded-sm opacity-70 ring-offset-background transition-opacity hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none">
      <CloseIcon />
      <span className="sr-only">Close</span>
    </DialogPrimitive.Close>
  );
}

/**
 * The element that opened a dialog, or the one that took its place: a list that re-rendered while the dialog
 * was open (a saved contact) replaced the opener with an equal button, found by its accessible name.
 */
function stillThere(opener: HTMLElement | null): HTMLElement | null {
  if (!opener || opener === document.body) return null;
  if (opener.isConnected) return opener;
  const label = opener.getAttribute('aria-label');
  if (!label) return null;
  return document.querySelector<HTMLElement>(`${opener.tagName.toLowerCase()}[aria-label="${CSS.escape(label)}"]`);
}

/**
 * A panel's focus goes back, when it closes, to whatever opened it (`returnFocusRef` first), also when that was
 * not a radix Trigger: a panel opened from code or by another remote's button (radix alone would leave the focus
 * on the page's body). Spread the result on the content; `onOpenAutoFocus`/`onCloseAutoFocus` are the caller's.
 */
export function useFocusReturn(
  returnFocusRef: RefObject<HTMLElement | null> | undefined,
  onOpenAutoFocus: ((event: Event) => void) | undefined,
  onCloseAutoFocus: ((event: Event) => void) | undefined,
) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = returnFocusRef?.current?.isConnected ? returnFocusRef.current : stillThere(opener.current);
      if (target) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}
