import './styles.css';
import { Suspense, lazy, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from './cn.tsx';
import { Flag } from '@ringwise/ui/flag';
import { UpDownIcon } from '@ringwise/ui/icons';

/* A searchable single choice ("command"-style): a trigger button showing the chosen option opens a popover
 * with a search field (role combobox) that filters a listbox. The search field keeps the focus: arrow keys
 * move the active option (aria-activedescendant), Enter chooses it, Escape closes and focus returns to the
 * trigger. Nothing is rendered in a portal until it opens, so it renders the same on the server. The open part
 * is a module of its own (./internal/combobox-popup.tsx), loaded when the pointer or the focus reaches the
 * trigger: a page whose pickers stay closed never pays for the popover. */

const loadPopup = () => import('./internal/combobox-popup.tsx');
const ComboboxPopup = lazy(loadPopup);

export interface ComboboxOption {
  /** The value handed to `onValueChange`; unique among the options. */
  value: string;
  /** The option's name, e.g. "UK"; searched, announced and shown unless `renderOption` says otherwise. */
  label: string;
  /** More text the search matches, e.g. ["United Kingdom", "+44"]. */
  keywords?: readonly string[];
}

/** The default search: the query (trimmed, case-insensitive) is part of the label, the value or a keyword. */
export function matchesOption(option: ComboboxOption, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [option.label, option.value, ...(option.keywords ?? [])].some((text) => text.toLowerCase().includes(needle));
}

export interface ComboboxProps<T extends ComboboxOption> {
  options: readonly T[];
  value: string;
  onValueChange: (value: string) => void;
  /** What is being chosen, e.g. "Country code": names the popover and the list. */
  label: string;
  /** The trigger's accessible name; default "{label}: {chosen option's label}". */
  triggerLabel?: string;
  /** The search field's accessible name; default "Search". */
  searchLabel?: string;
  searchPlaceholder?: string;
  /** Shown when no option matches the search. */
  emptyText?: string;
  /** The trigger's content for the chosen option (undefined when the value matches none). */
  renderValue?: (option: T | undefined) => ReactNode;
  /** An option's content in the list; default its label. */
  renderOption?: (option: T) => ReactNode;
  filter?: (option: T, query: string) => boolean;
  /** The trigger's id, e.g. for a `<Label htmlFor>`. */
  id?: string;
  /** Classes for the trigger. */
  className?: string;
  /** Classes for the popover panel (default width 16rem). */
  contentClassName?: string;
  disabled?: boolean;
}

export function Combobox<T extends ComboboxOption>({
  options,
  value,
  onValueChange,
  label,
  triggerLabel,
  searchLabel,
  searchPlaceholder,
  emptyText,
  renderValue,
  renderOption,
  filter = matchesOption,
  id,
  className,
  contentClassName,
  disabled,
}: ComboboxProps<T>) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const popupId = useId();
  const selected = options.find((option) => option.value === value);
  const preload = () => void loadPopup();

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        id={id}
        disabled={disabled}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popupId : undefined}
        aria-label={triggerLabel ?? (selected ? `${label}: ${selected.label}` : label)}
        data-state={open ? 'open' : 'closed'}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen((current) => !current)}
        className={cn(
          'inline-flex h-10 items-center justify-between gap-2 rounded-md border border-input bg-background px-3 text-sm text-foreground ring-offset-background transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50',
          className,
        )}
      >
        {renderValue ? renderValue(selected) : <span className="truncate">{selected?.label ?? label}</span>}
        <UpDownIcon className="opacity-50" />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ComboboxPopup
            options={options}
            value={value}
            label={label}
            searchLabel={searchLabel}
            searchPlaceholder={searchPlaceholder}
            emptyText={emptyText}
            renderOption={renderOption as ((option: ComboboxOption) => ReactNode) | undefined}
            filter={filter as (option: ComboboxOption, query: string) => boolean}
            contentClassName={contentClassName}
            triggerRef={triggerRef}
            popupId={popupId}
            onChoose={(next) => {
              onValueChange(next);
              setOpen(false);
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** A calling code to choose ("+44"), named by its country or countries ("United Kingdom"). */
export interface CallingCodeOption extends ComboboxOption {
  /** The ISO region whose flag the picker shows, e.g. "GB" for +44 ("US" for +1). */
  region: string;
}

export type CallingCodeComboboxProps<T extends CallingCodeOption> = Pick<
  ComboboxProps<T>,
  'options' | 'value' | 'onValueChange' | 'id' | 'disabled' | 'className' | 'contentClassName'
>;

/**
 * The calling-code picker (the demo dialer's, the contact form's): the flag and the code on the trigger, flag,
 * country and code in the list, searched by country, ISO code or digits.
 */
export function CallingCodeCombobox<T extends CallingCodeOption>({ value, options, ...props }: CallingCodeComboboxProps<T>) {
  const selected = options.find((option) => option.value === value);
  return (
    <Combobox<T>
      {...props}
      options={options}
      value={value}
      label="Country code"
      triggerLabel={`Country code: ${value}${selected ? ` ${selected.label}` : ''}`}
      searchLabel="Search countries"
      searchPlaceholder="Search countries..."
      emptyText="No country found."
      renderValue={(option) => (
        <span className="flex items-center gap-1.5">
          {option ? <Flag code={option.region} /> : null}
          <span className="tabular-nums">{value}</span>
        </span>
      )}
      renderOption={(option) => (
        <>
          <Flag code={option.region} />
          <span className="min-w-0 flex-1 truncate">{option.label}</span>
          <span className="tabular-nums text-muted-foreground">{option.value}</span>
        </>
      )}
    />
  );
}
