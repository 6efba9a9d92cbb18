// The one child rendered with the props given to its parent (Button's `asChild`): the child's own props win, its class
// names are added to the parent's, both event handlers run (the child's first) and both refs are set. The kit's own
// instead of radix's Slot, which the shell would otherwise put in every page's first script for Button alone.
import { Children, cloneElement, forwardRef, isValidElement, type HTMLAttributes, type ReactElement, type Ref } from 'react';
import { cn } from '../cn.tsx';

type Props = Record<string, unknown>;

function setRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

export function mergeSlotProps(slot: Props, child: Props): Props {
  const merged: Props = { ...slot, ...child };
  for (const [name, slotValue] of Object.entries(slot)) {
    const childValue = child[name];
    if (/^on[A-Z]/.test(name) && typeof slotValue === 'function' && typeof childValue === 'function') {
      merged[name] = (...args: unknown[]) => {
        const result = (childValue as (...a: unknown[]) => unknown)(...args);
        (slotValue as (...a: unknown[]) => unknown)(...args);
        return result;
      };
    }
  }
  if (slot.style !== undefined || child.style !== undefined) merged.style = { ...(slot.style as object), ...(child.style as object) };
  if (slot.className !== undefined || child.className !== undefined) merged.className = cn(slot.className as string, child.className as string);
  return merged;
}

export const Slot = forwardRef<HTMLElement, HTMLAttributes<HTMLElement>>(function Slot({ children, ...props }, ref) {
  const child = Children.only(children);
  if (!isValidElement(child)) return null;
  const element = child as ReactElement<Props & { ref?: Ref<HTMLElement> }>;
  const childRef = element.props.ref;
  return cloneElement(element, {
    ...mergeSlotProps(props, element.props),
    ref: (node: HTMLElement | null) => {
      setRef(ref, node);
      setRef(childRef, node);
    },
  });
});
