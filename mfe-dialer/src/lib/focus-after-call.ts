// Where the focus goes when the Active Call modal closes at a call's end: the dialer's number field, when the
// dialer is on the page (the modal belongs to the call overlay, a separate mount; the Call button it opened from
// is disabled by then). Otherwise the modal's own rule applies (back to what opened it).
export const focusAfterCall: { current: HTMLElement | null } = { current: null };

/** The dialer's number field takes the focus after calls while it is mounted. */
export function takeFocusAfterCall(element: HTMLElement | null): () => void {
  focusAfterCall.current = element;
  return () => {
    if (focusAfterCall.current === element) focusAfterCall.current = null;
  };
}
