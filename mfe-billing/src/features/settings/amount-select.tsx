// A settings select of dollar amounts (spec §9 option lists), shown as "$10" and sent as Money ("10.00").
import { Label } from '@ringwise/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@ringwise/ui/select';
import { formatOptionUsd } from '../../lib/money.ts';

export interface AmountSelectProps {
  id: string;
  label: string;
  value: string;
  options: readonly string[];
  disabled?: boolean;
  /** A different amount was chosen. */
  onChange: (value: string) => void;
}

export function AmountSelect({ id, label, value, options, disabled, onChange }: AmountSelectProps) {
  // a stored amount outside today's options (set elsewhere) still shows as what it is
  const items = options.includes(value) ? options : [value, ...options];
  return (
    <div className="bl:grid bl:min-w-0 bl:gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} disabled={disabled} onValueChange={(next) => next !== value && onChange(next)}>
        <SelectTrigger id={id} className="bl:tabular-nums">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {items.map((option) => (
            <SelectItem key={option} value={option} className="bl:tabular-nums">
              {formatOptionUsd(option)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
