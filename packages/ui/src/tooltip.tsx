import './styles.css';
import {
  createContext,
  forwardRef,
  useContext,
  type ComponentPropsWithoutRef,
  type ComponentRef,
  type ReactElement,
  type ReactNode,
} from 'react';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { cn } from './cn.tsx';

/** Spec §9: the tooltip open delay. */
export const TOOLTIP_DELAY_MS = 700;

/** True below a TooltipProvider, so a Tooltip knows whether it must bring its own. */
const ProviderPresent = createContext(false);

export type TooltipProviderProps = ComponentPropsWithoutRef<typeof TooltipPrimitive.Provider>;

/** Render once near the root; tooltips below it share the open delay (default 700 ms) and skip-delay window. */
export function TooltipProvider({ delayDuration = TOOLTIP_DELAY_MS, ...props }: TooltipProviderProps) {
  return (
    <ProviderPresent.Provider value={true}>
      <TooltipPrimitive.Provider delayDuration={delayDuration} {...props} />
    </ProviderPresent.Provider>
  );
}

export type TooltipProps = ComponentPropsWithoutRef<typeof TooltipPrimitive.Root>;

/** One tooltip. Works with or without a TooltipProvider above it (it adds one, with the 700 ms delay, if needed). */
export function Tooltip(props: TooltipProps) {
  const root = <TooltipPrimitive.Root {...props} />;
  return useContext(ProviderPresent) ? root : <TooltipProvider>{root}</TooltipProvider>;
}

export const TooltipTrigger = TooltipPrimitive.Trigger;

export const TooltipContent = forwardRef<
  ComponentRef<typeof TooltipPrimitive.Content>,
  ComponentPropsWithoutRef<typeof TooltipPrimitive.Content>
>(function TooltipContent({ className, sideOffset = 4, ...props }, ref) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        ref={ref}
        sideOffset={sideOffset}
        className={cn(
          'z-50 max-w-xs origin-(--radix-tooltip-content-transform-origin) overflow-hidden rounded-md border border-border bg-popover px-3 py-1.5 text-sm text-popover-foreground shadow-md transition-[opacity,scale] duration-150 starting:scale-95 starting:opacity-0 motion-reduce:transition-none',
          className,
        )}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
});

export interface SimpleTooltipProps {
  /** The tooltip text; when empty the child renders without a tooltip. */
  content: ReactNode;
  /** One focusable element (a button, a link); it becomes the trigger. */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  align?: 'start' | 'center' | 'end';
  delayDuration?: number;
  className?: string;
}

/** `<SimpleTooltip content="Mute">{<Button size="icon" aria-label="Mute">…</Button>}</SimpleTooltip>` */
export function SimpleTooltip({ content, children, side, align, delayDuration, className }: SimpleTooltipProps) {
  if (content === null || content === undefined || content === false || content === '') return children;
  return (
    <Tooltip delayDuration={delayDuration}>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side={side} align={align} className={className}>
        {content}
      </TooltipContent>
    </Tooltip>
  );
}
