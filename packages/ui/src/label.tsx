import './styles.css';
import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from 'react';
import { Label as LabelPrimitive } from 'radix-ui';
import { cn } from './cn.tsx';

export type LabelProps = ComponentPropsWithoutRef<typeof LabelPrimitive.Root>;

/** A form label; clicking it focuses its control (pair with `htmlFor` or wrap the control). */
export const Label = forwardRef<ComponentRef<typeof LabelPrimitive.Root>, LabelProps>(function Label(
  { className, ...props },
  ref,
) {
  return (
    <LabelPrimitive.Root
      ref={ref}
      className={cn(
        'text-sm font-medium leading-none text-foreground peer-disabled:cursor-not-allowed peer-disabled:opacity-70',
        className,
      )}
      {...props}
    />
  );
});
