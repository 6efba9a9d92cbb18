import { useMemo } from 'react';
import { Combobox } from '@ringwise/ui/combobox';
import { Flag } from '@ringwise/ui/flag';
import { countryCodesIncluding, type CountryCodeOption } from './country-codes.ts';

export interface CountryCodePickerProps {
  value: string;
  onChange: (code: string) => void;
  id?: string;
  disabled?: boolean;
}

/** The contact form's calling-code picker: ~95 codes, searchable by country, ISO code or digits. */
export function CountryCodePicker({ value, onChange, id, disabled }: CountryCodePickerProps) {
  const options = useMemo(() => countryCodesIncluding(value), [value]);
  const selected = options.find((option) => option.value === value);
  return (
    <Combobox<CountryCodeOption>
      id={id}
      options={options}
      value={value}
      onValueChange={onChange}
      label="Country code"
      triggerLabel={`Country code: ${value}${selected ? ` ${selected.label}` : ''}`}
      searchLabel="Search countries"
      searchPlaceholder="Search countries..."
      emptyText="No country found."
      disabled={disabled}
      className="ct:w-[6.25rem] ct:shrink-0 ct:px-2.5"
      contentClassName="ct:w-72"
      renderValue={(option) => (
        <span className="ct:flex ct:items-center ct:gap-1.5">
          {option ? <Flag code={option.regions[0] ?? ''} /> : null}
          <span className="ct:tabular-nums">{value}</span>
        </span>
      )}
      renderOption={(option) => (
        <>
          <Flag code={option.regions[0] ?? ''} />
          <span className="ct:min-w-0 ct:flex-1 ct:truncate">{option.label}</span>
          <span className="ct:tabular-nums ct:text-muted-foreground">{option.value}</span>
        </>
      )}
    />
  );
}
