import '../styles.css';
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Popover, PopoverAnchor, PopoverContent } from '@ringwise/ui/popover';
import { cn } from '../cn.tsx';
import { CheckIcon, SearchIcon } from '@ringwise/ui/icons';
import type { ComboboxOption, ComboboxProps } from '../combobox.tsx';

// The open combobox of ../combobox.tsx: a popover anchored to the trigger, with the search field (role
// combobox) and the listbox. Its own module, loaded when a combobox is about to open, so a page whose pickers
// stay closed never downloads or evaluates the popover machinery (positioning, focus scope, dismissal).

export interface ComboboxPopupProps<T extends ComboboxOption>
  extends Pick<ComboboxProps<T>, 'options' | 'value' | 'label' | 'searchLabel' | 'searchPlaceholder' | 'emptyText' | 'renderOption' | 'contentClassName'> {
  filter: (option: T, query: string) => boolean;
  onChoose: (value: string) => void;
  onClose: () => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
  /** The popover's id (the trigger's aria-controls); the list's and the options' ids derive from it. */
  popupId: string;
}

export default function ComboboxPopup<T extends ComboboxOption>({
  options,
  value,
  label,
  searchLabel = 'Search',
  searchPlaceholder = 'Search...',
  emptyText = 'No results found.',
  renderOption,
  filter,
  contentClassName,
  onChoose,
  onClose,
  triggerRef,
  popupId,
}: ComboboxPopupProps<T>) {
  const [query, setQuery] = useState('');
  const [activeValue, setActiveValue] = useState(value);
  const listRef = useRef<HTMLDivElement>(null);

  const visible = options.filter((option) => filter(option, query));
  const activeIndex = Math.max(
    0,
    visible.findIndex((option) => option.value === activeValue),
  );
  const active = visible[activeIndex];
  const optionId = (index: number) => `${popupId}-option-${index}`;

  // keep the active option in view inside the list (never scrolls the page)
  useEffect(() => {
    const list = listRef.current;
    const item = list?.querySelector<HTMLElement>('[data-active]');
    if (!list || !item) return;
    if (item.offsetTop < list.scrollTop) list.scrollTop = item.offsetTop;
    else if (item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = item.offsetTop + item.offsetHeight - list.clientHeight;
    }
  }, [activeIndex, query]);

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
        if (active) onChoose(active.value);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  return (
    <Popover open onOpenChange={(open) => !open && onClose()}>
      <PopoverAnchor virtualRef={triggerRef as RefObject<HTMLButtonElement>} />
      <PopoverContent
        bare
        id={popupId}
        align="start"
        aria-label={label}
        className={cn('w-64', contentClassName)}
        // the trigger toggles the popover itself; pressing it is not a click outside
        onInteractOutside={(event) => {
          if (triggerRef.current?.contains(event.target as Node)) event.preventDefault();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      >
        <div className="flex items-center gap-2 border-b border-border px-3">
          <SearchIcon className="opacity-50" />
          <input
            role="combobox"
            aria-expanded="true"
            aria-controls={`${popupId}-list`}
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
          id={`${popupId}-list`}
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
                onClick={() => onChoose(option.value)}
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
