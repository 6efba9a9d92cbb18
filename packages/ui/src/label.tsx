import './styles.css';
import { forwardRef, type LabelHTMLAttributes } from 'react';
import { cn } from './cn.tsx';

export type LabelProps = LabelHTMLAttributes<HTMLLabelElement>;

/**
 * A form label; clicking it focuses its control (pair with `htmlFor` or wrap the control). A double click on its text
 * does not select it (as radix's Label, which every page's first script would otherwise carry for this alone).
 */
export const Label = forwardRef<HTMLLabelElement, LabelProps>(function Label({ className, onMouseDown, ...props }, ref) {
  return (
    <label
      ref={ref}
      className={cn(
        'text-sm font-medium leading-none text-foreground peer-disabled:cursor-not-allowed peer-disabled:opacity-70',
        className,
      )}
      onMouseDown={(event) => {
        // a control inside the label handles its own mouse
        if ((event.target as Element).closest('button, input, select, textarea')) return;
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    />
  );
});
