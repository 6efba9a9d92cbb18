import './styles.css';
import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from 'react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { cn } from './cn.tsx';

export const Popover = PopoverPrimitive.Root;
/** Gets `aria-haspopup="dialog"`, `aria-expanded` and `aria-controls`; give it an accessible name. */
export const PopoverTrigger = PopoverPrimitive.Trigger;
export const PopoverAnchor = PopoverPrimitive.Anchor;
export const PopoverClose = PopoverPrimitive.Close;

export interface PopoverContentProps extends ComponentPropsWithoutRef<typeof PopoverPrimitive.Content> {
  /** Leave out the default width (18rem) and padding, for content that sets its own (e.g. a list edge to edge). */
  bare?: boolean;
}

/**
 * The floating panel (a non-modal dialog), portalled next to its trigger. Escape and a click outside close
 * it and focus returns to the trigger. Label it (`aria-label`) when it has no visible title.
 */
export const PopoverContent = forwardRef<ComponentRef<typeof PopoverPrimitive.Content>, PopoverContentProps>(
  function PopoverContent({ className, align = 'center', sideOffset = 4, bare = false, ...props }, ref) {
    return (
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          ref={ref}
          align={align}
          sideOffset={sideOffset}
          className={cn(
            'z-50 max-w-(--radix-popover-content-available-width) origin-(--radix-popover-content-transform-origin) rounded-md border border-border bg-popover text-popover-foreground shadow-md outline-none transition-[opacity,scale] duration-150 starting:scale-95 starting:opacity-0 motion-reduce:transition-none',
            !bare && 'w-72 p-4',
            className,
          )}
          {...props}
        />
      </PopoverPrimitive.Portal>
    );
  },
);
