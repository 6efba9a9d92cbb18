import './styles.css';
import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from 'react';
import { Switch as SwitchPrimitive } from 'radix-ui';
import { cn } from './cn.tsx';

export type SwitchProps = ComponentPropsWithoutRef<typeof SwitchPrimitive.Root>;

/** An on/off toggle (role="switch", aria-checked). Label it with `<Label htmlFor>` + `id` or `aria-label`. */
export const Switch = forwardRef<ComponentRef<typeof SwitchPrimitive.Root>, SwitchProps>(function Switch(
  { className, ...props },
  ref,
) {
  return (
    <SwitchPrimitive.Root
      ref={ref}
      className={cn(
        'peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input',
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb className="pointer-events-none block size-5 rounded-full bg-background shadow-lg ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0 motion-reduce:transition-none" />
    </SwitchPrimitive.Root>
  );
});
