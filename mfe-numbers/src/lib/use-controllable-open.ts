import { useState } from 'react';

/** An open state the parent controls when it passes `open`, and the component keeps otherwise. */
export function useControllableOpen(open: boolean | undefined, onOpenChange: ((open: boolean) => void) | undefined) {
  const [own, setOwn] = useState(false);
  const controlled = open !== undefined;
  const setOpen = (next: boolean) => {
    if (!controlled) setOwn(next);
    onOpenChange?.(next);
  };
  return { open: controlled ? open : own, setOpen, controlled } as const;
}
