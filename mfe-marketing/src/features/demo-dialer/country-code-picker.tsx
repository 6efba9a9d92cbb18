import { CallingCodeCombobox, type CallingCodeOption } from '@ringwise/ui/combobox';
import { DEMO_COUNTRY_CODES } from './demo-codes.ts';

const options: CallingCodeOption[] = DEMO_COUNTRY_CODES.map((c) => ({
  value: c.code,
  label: c.country,
  keywords: c.aliases,
  region: c.region,
}));

/** The demo dialer's code picker: the 12 codes with flags, searchable by name or code. */
export function CountryCodePicker({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  return (
    <CallingCodeCombobox
      options={options}
      value={value}
      onValueChange={onChange}
      className="mk:w-[5.75rem] mk:shrink-0 mk:px-2.5 mk:sm:w-[6.5rem] mk:sm:px-3"
      contentClassName="mk:w-64"
    />
  );
}
