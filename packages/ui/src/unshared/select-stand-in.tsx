// A button drawn as a closed select (the same classes as SelectTrigger, without Radix): what a page shows in a
// select's place until the real one's code is loaded, e.g. the dialer's From before the numbers remote arrives.
// In unshared/: each build that uses it bundles it (a few hundred bytes), where a shared kit module the shell
// does not itself provide would cost the dialer's first screen a file of its own.
import '../styles.css';
import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from '@ringwise/ui/cn';
import { ChevronIcon } from '@ringwise/ui/icons';

/** The look of a closed select: SelectTrigger's and SelectStandIn's classes. */
export const selectTriggerClass =
  'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground ring-offset-background data-[placeholder]:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive [&>span]:line-clamp-1 [&>span]:text-left';

/** Shows `children` as a select's value; a click is the host's cue to load and open the real select. */
export const SelectStandIn = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement>>(function SelectStandIn(
  { className, children, type = 'button', ...props },
  ref,
) {
  return (
    <button ref={ref} type={type} role="combobox" aria-expanded={false} aria-autocomplete="none" className={cn(selectTriggerClass, className)} {...props}>
      <span>{children}</span>
      <ChevronIcon className="opacity-50" />
    </button>
  );
});
