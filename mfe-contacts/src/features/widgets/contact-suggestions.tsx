// './widgets/contact-suggestions' (spec §2 Dialer view, §5): up to 5 contacts for what is being typed.
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Contact } from '@ringwise/contract/contacts';
import type { ContactSuggestionsProps } from '@ringwise/apps/exposed/contacts';
import { ContactLine } from '../contacts/contact-line.tsx';
import { useContacts } from '../contacts/contacts-data.ts';
import { usePhoneFormat } from '@ringwise/phone/display';
import { SUGGESTION_MIN_CHARS, digitsOf, suggestContacts } from '../matching/matching.ts';
import { useDebouncedValue } from '@ringwise/ui/hooks/use-debounced-value';

/** What to ask the api for: a typed number as its digits (any spacing), a name as typed. */
const searchFor = (typed: string) => (/\d/.test(typed) && /^[\d\s+().\-/]+$/.test(typed) ? digitsOf(typed) : typed);

export function ContactSuggestions({ query, onSelect, id, label = 'Contact suggestions', className }: ContactSuggestionsProps) {
  const generatedId = useId();
  const listId = id ?? `${generatedId}-suggestions`;
  // the api searches every contact for what is typed (digits as digits); the five shown are chosen here
  const settled = useDebouncedValue(query.trim(), 150);
  const { data } = useContacts(settled.length >= SUGGESTION_MIN_CHARS ? searchFor(settled) : '');
  const suggestions = useMemo(() => suggestContacts(query, data ?? []), [query, data]);
  const format = usePhoneFormat();
  const [activeId, setActiveId] = useState<string | null>(null);
  const optionRefs = useRef(new Map<string, HTMLLIElement>());

  // the active option is the one last focused, while it is still suggested; otherwise the first
  const activeIndex = Math.max(
    0,
    suggestions.findIndex((contact) => contact.id === activeId),
  );

  function focusOption(index: number) {
    const contact = suggestions[(index + suggestions.length) % suggestions.length];
    if (!contact) return;
    setActiveId(contact.id);
    optionRefs.current.get(contact.id)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLLIElement>, contact: Contact, index: number) {
    switch (event.key) {
      case 'ArrowDown':
        focusOption(index + 1);
        break;
      case 'ArrowUp':
        focusOption(index - 1);
        break;
      case 'Home':
        focusOption(0);
        break;
      case 'End':
        focusOption(suggestions.length - 1);
        break;
      case 'Enter':
      case ' ':
        onSelect(contact);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  const count = suggestions.length;
  return (
    <div className={className}>
      <p role="status" className="ct:sr-only">
        {count > 0 ? `${count} contact ${count === 1 ? 'suggestion' : 'suggestions'}` : ''}
      </p>
      {count > 0 ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          className="ct:overflow-hidden ct:rounded-md ct:border ct:border-border ct:bg-popover ct:p-1 ct:text-popover-foreground ct:shadow-sm"
        >
          {suggestions.map((contact, index) => {
            const active = index === activeIndex;
            return (
              <li
                key={contact.id}
                ref={(node) => {
                  if (node) optionRefs.current.set(contact.id, node);
                  else optionRefs.current.delete(contact.id);
                }}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={active}
                tabIndex={active ? 0 : -1}
                onClick={() => onSelect(contact)}
                onFocus={() => setActiveId(contact.id)}
                onKeyDown={(event) => onKeyDown(event, contact, index)}
                className="ct:flex ct:cursor-pointer ct:items-center ct:gap-3 ct:rounded-sm ct:px-2 ct:py-1.5 ct:outline-none ct:hover:bg-accent ct:hover:text-accent-foreground ct:focus-visible:bg-accent ct:focus-visible:text-accent-foreground ct:focus-visible:ring-2 ct:focus-visible:ring-ring"
              >
                <ContactLine name={contact.displayName} number={format(contact.primaryNumber)} compact />
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
