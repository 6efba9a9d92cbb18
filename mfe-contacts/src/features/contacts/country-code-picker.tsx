import { useMemo } from 'react';
import { CallingCodeCombobox } from '@ringwise/ui/combobox';
import { countryCodesIncluding } from './country-codes.ts';

export interface CountryCodePickerProps {
  value: string;
  onChange: (code: string) => void;
  id?: string;
  disabled?: boolean;
}

/** The contact form's calling-code picker: ~95 codes, searchable by country, ISO code or digits. */
export function CountryCodePicker({ value, onChange, id, disabled }: CountryCodePickerProps) {
  const options = useMemo(() => countryCodesIncluding(value), [value]);
  return (
    <CallingCodeCombobox
      id={id}
      options={options}
      value={value}
      onValueChange={onChange}
      disabled={disabled}
      className="ct:w-[6.25rem] ct:shrink-0 ct:px-2.5"
      contentClassName="ct:w-72"
    />
  );
}
