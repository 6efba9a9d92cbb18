import { Combobox, type ComboboxOption } from '@ringwise/ui/combobox';
import { Flag } from '@ringwise/ui/flag';
import { DEMO_COUNTRY_CODES } from './demo-codes.ts';

interface CodeOption extends ComboboxOption {
  region: string;
}

const options: CodeOption[] = DEMO_COUNTRY_CODES.map((c) => ({
  value: c.code,
  label: c.country,
  keywords: c.aliases,
  region: c.region,
}));

/** The demo dialer's code picker: the 12 codes with flags, searchable by name or code. */
export function CountryCodePicker({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const selected = options.find((option) => option.value === value);
  return (
    <Combobox
      options={options}
      value={value}
      onValueChange={onChange}
      label="Country code"
      triggerLabel={`Country code: ${value}${selected ? ` ${selected.label}` : ''}`}
      searchLabel="Search countries"
      searchPlaceholder="Search countries..."
      emptyText="No country found."
      className="mk:w-[5.75rem] mk:shrink-0 mk:px-2.5 mk:sm:w-[6.5rem] mk:sm:px-3"
      contentClassName="mk:w-64"
      renderValue={(option) => (
        <span className="mk:flex mk:items-center mk:gap-1.5">
          {option ? <Flag code={option.region} /> : null}
          <span className="mk:tabular-nums">{value}</span>
        </span>
      )}
      renderOption={(option) => (
        <>
          <Flag code={option.region} />
          <span className="mk:flex-1">{option.label}</span>
          <span className="mk:tabular-nums mk:text-muted-foreground">{option.value}</span>
        </>
      )}
    />
  );
}
