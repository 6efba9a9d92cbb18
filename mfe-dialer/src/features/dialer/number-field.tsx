// The number field (spec §Dialer view 'Number input') beside the country-code picker: a whole number readable in
// it at a phone's width. The typed characters are as large as the field's width allows for their count (1.5rem
// down to 0.875rem: at 390 px a 15-character number whole, at 360 px 14), the placeholder whole at text size or
// smaller, both inside the field's padding. The wrapper is a size container, so 100cqi is the field's own width.
import { forwardRef } from 'react';
import { Input, type InputProps } from '@ringwise/ui/input';
import { cn } from '@ringwise/ui/cn';

/** The field's padding and border across (px-3 each side, 1px borders) and a little air. */
const inset = '1.75rem';
/** A digit's advance in the field's font, its letter-spacing included, in em (a digit is the widest character). */
const digitAdvance = 0.68;

/** The CSS font size that fits `characters` typed characters into the field's width. */
export function numberFontSize(characters: number): string {
  const across = (Math.max(characters, 1) * digitAdvance).toFixed(2);
  return `clamp(0.875rem, calc((100cqi - ${inset}) / ${across}), 1.5rem)`;
}

export const NumberField = forwardRef<HTMLInputElement, InputProps & { value: string }>(function NumberField({ className, value, style, ...props }, ref) {
  return (
    <div className="dl:@container dl:min-w-0 dl:flex-1">
      <Input
        ref={ref}
        value={value}
        {...props}
        style={{ ...style, fontSize: numberFontSize(value.length) }}
        // 'Enter phone number' is 18 characters of about 0.6em: 12em across, with air each side
        className={cn(
          'dl:h-14 dl:w-full dl:px-3 dl:text-center dl:tracking-wide dl:placeholder:tracking-normal dl:placeholder:text-[length:clamp(0.75rem,calc((100cqi_-_1.75rem)/12),1rem)]',
          className,
        )}
      />
    </div>
  );
});
