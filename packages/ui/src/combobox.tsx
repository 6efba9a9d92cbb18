import './styles.css';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Popover, PopoverContent, PopoverTrigger } from '@ringwise/ui/popover';
import { cn } from './cn.tsx';
import { CheckIcon, SearchIcon, UpDownIcon } from '@ringwise/ui/icons';

/* A searchable single choice ("command"-style): a trigger button showing the chosen option opens a popover
 * with a search field (role combobox) that filters a listbox. The search field keeps the focus: arrow keys
 * move the active option (aria-activedescendant), Enter chooses it, Escape closes and focus returns to the
 * trigger. Nothing is rendered in a portal until it opens, so it renders the same on the server. */

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
  searchLabel = 'Search',
  searchPlaceholder = 'Search...',
  emptyText = 'No results found.',
  renderValue,
  renderOption,
  filter = matchesOption,
  id,
  className,
  contentClassName,
  disabled,
}: ComboboxProps<T>) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [activeValue, setActiveValue] = useState(value);
  const listId = useId();
  const listRef = useRef<HTMLDivElement>(null);

  const selected = options.find((option) => option.value === value);
  const visible = options.filter((option) => filter(option, query));
  const activeIndex = Math.max(
    0,
    visible.findIndex((option) => option.value === activeValue),
  );
  const active = visible[activeIndex];
  const optionId = (index: number) => `${listId}-option-${index}`;

  // keep the active option in view inside the list (never scrolls the page)
  useEffect(() => {
    const list = listRef.current;
    const item = list?.querySelector<HTMLElement>('[data-active]');
    if (!list || !item) return;
    if (item.offsetTop < list.scrollTop) list.scrollTop = item.offsetTop;
    else if (item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = item.offsetTop + item.offsetHeight - list.clientHeight;
    }
  }, [open, activeIndex, query]);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) {
      setQuery('');
      setActiveValue(value);
    }
  }

  function choose(option: T) {
    onValueChange(option.value);
    setOpen(false);
  }

  function search(next: string) {
    setQuery(next);
    setActiveValue(options.find((option) => filter(option, next))?.value ?? '');
  }

  function move(delta: number) {
    if (visible.length === 0) return;
    const next = visible[(activeIndex + delta + visible.length) % visible.length];
    if (next) setActiveValue(next.value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        move(1);
        break;
      case 'ArrowUp':
        move(-1);
        break;
      case 'PageDown':
        move(Math.min(5, visible.length - 1 - activeIndex));
        break;
      case 'PageUp':
        move(-Math.min(5, activeIndex));
        break;
      case 'Enter':
        if (active) choose(active);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger
        id={id}
        disabled={disabled}
        aria-label={triggerLabel ?? (selected ? `${label}: ${selected.label}` : label)}
        className={cn(
          'inline-flex h-10 items-center justify-between gap-2 rounded-md border border-input bg-background px-3 text-sm text-foreground ring-offset-background transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50',
          className,
        )}
      >
        {renderValue ? renderValue(selected) : <span className="truncate">{selected?.label ?? label}</span>}
        <UpDownIcon className="opacity-50" />
      </PopoverTrigger>
      <PopoverContent bare align="start" aria-label={label} className={cn('w-64', contentClassName)}>
        <div className="flex items-center gap-2 border-b border-border px-3">
          <SearchIcon className="opacity-50" />
          <input
            role="combobox"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={active ? optionId(activeIndex) : undefined}
            aria-label={searchLabel}
            placeholder={searchPlaceholder}
            value={query}
            onChange={(event) => search(event.target.value)}
            onKeyDown={onKeyDown}
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            className="flex h-10 w-full bg-transparent py-3 text-sm text-foreground outline-none placeholder:text-muted-foreground"
          />
        </div>
        {visible.length === 0 ? (
          <p role="status" className="px-2 py-6 text-center text-sm text-muted-foreground">
            {emptyText}
          </p>
        ) : null}
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={label}
          hidden={visible.length === 0}
          className="relative max-h-64 overflow-y-auto overscroll-contain p-1"
        >
          {visible.map((option, index) => {
            const isSelected = option.value === value;
            return (
              <div
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={isSelected}
                data-active={index === activeIndex ? '' : undefined}
                onClick={() => choose(option)}
                onPointerMove={() => setActiveValue(option.value)}
                className="relative flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none data-active:bg-accent data-active:text-accent-foreground"
              >
                <CheckIcon className={isSelected ? 'opacity-100' : 'opacity-0'} />
                {renderOption ? renderOption(option) : option.label}
              </div>
            );
          })}
        </div>
      </PopoverContent>
    </Popover>
  );
}
