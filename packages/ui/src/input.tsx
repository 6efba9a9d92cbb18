import './styles.css';
import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from './cn.tsx';

export type InputProps = InputHTMLAttributes<HTMLInputElement>;

/** A text field. Give it a `<Label htmlFor>` (or `aria-label`); `aria-invalid` turns the border red. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ className, type, ...props }, ref) {
  return (
    <input
      ref={ref}
      type={type ?? 'text'}
      className={cn(
        'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground ring-offset-background placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground md:text-sm',
        className,
      )}
      {...props}
    />
  );
});
