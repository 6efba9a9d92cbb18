import { useControllableOpen } from '@ringwise/ui/dialog';
// './widgets/contact-picker' (spec §2 Dialer view): a sheet from the bottom, Favorites first, then All
// Contacts; choosing one hands it to the dialer. Empty state 'No contacts yet' with an add action.
import { useRef, useState } from 'react';
import { BookUser, UserPlus } from 'lucide-react';
import type { Contact } from '@ringwise/contract/contacts';
import { Button } from '@ringwise/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '@ringwise/ui/sheet';
import { SimpleTooltip } from '@ringwise/ui/tooltip';
import type { ContactPickerProps } from '@ringwise/apps/exposed/contacts';
import { ContactLine, ContactLineSkeleton } from '../contacts/contact-line.tsx';
import { ContactSearchInput, ContactsUnavailable } from '../contacts/contact-list-parts.tsx';
import { isPendingContact, sortByName, useContacts } from '../contacts/contacts-data.ts';
import { useDebouncedValue } from '@ringwise/ui/hooks/use-debounced-value';
import { LazyContactDialog, preloadContactDialog } from '../contacts/lazy-contact-dialog.tsx';
import { usePhoneFormat } from '@ringwise/phone/display';
import { contactMatchesQuery } from '../matching/matching.ts';
import { ContactRate } from './contact-rate.tsx';

export function ContactPicker({ onSelect, open: openProp, onOpenChange, triggerLabel = 'Contacts', triggerClassName }: ContactPickerProps) {
  const { open, setOpen, controlled } = useControllableOpen(openProp, onOpenChange);
  const [adding, setAdding] = useState(false);
  const contentRef = useRef<HTMLDivElement>(null);

  function choose(contact: Contact) {
    onSelect(contact);
    setOpen(false);
  }

  return (
    <>
      <Sheet open={open} onOpenChange={setOpen}>
        {controlled ? null : (
          <SimpleTooltip content={triggerLabel}>
            <SheetTrigger asChild>
              <Button variant="outline" size="icon" aria-label={triggerLabel} className={triggerClassName}>
                <BookUser aria-hidden="true" className="ct:size-5" />
              </Button>
            </SheetTrigger>
          </SimpleTooltip>
        )}
        <SheetContent
          ref={contentRef}
          side="bottom"
          // focus the sheet, not its search field: on a phone that would open the keyboard over the list
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            contentRef.current?.focus();
          }}
          className="ct:mx-auto ct:w-full ct:max-w-lg ct:rounded-t-xl ct:p-4 ct:sm:p-6">
          <SheetHeader>
            <SheetTitle>Contacts</SheetTitle>
            <SheetDescription>Choose a contact to call.</SheetDescription>
          </SheetHeader>
          {open ? (
            <PickerBody
              onChoose={choose}
              onAdd={() => {
                preloadContactDialog();
                setAdding(true);
              }}
            />
          ) : null}
        </SheetContent>
      </Sheet>
      <LazyContactDialog open={adding} onOpenChange={setAdding} />
    </>
  );
}

function PickerBody({ onChoose, onAdd }: { onChoose: (contact: Contact) => void; onAdd: () => void }) {
  const [filter, setFilter] = useState('');
  // the api searches all of them; what is loaded is narrowed at once while it answers
  const term = useDebouncedValue(filter.trim(), 250);
  const query = useContacts(term);
  const format = usePhoneFormat();

  if (query.isPending) {
    return (
      <div aria-busy="true" className="ct:space-y-2">
        <span role="status" className="ct:sr-only">
          Loading contacts
        </span>
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="ct:flex ct:items-center ct:gap-3 ct:p-2">
            <ContactLineSkeleton />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError && !query.data) {
    return <ContactsUnavailable className="ct:py-6" onRetry={() => void query.refetch()} />;
  }

  const all = sortByName(query.data ?? []);
  if (all.length === 0 && term === '' && filter.trim() === '') {
    return (
      <div className="ct:flex ct:flex-col ct:items-center ct:gap-2 ct:py-8 ct:text-center">
        <p className="ct:text-lg ct:font-semibold">No contacts yet</p>
        <p className="ct:text-sm ct:text-muted-foreground">Save the people you call to reach them in one tap.</p>
        <Button className="ct:mt-2" onClick={onAdd} onPointerEnter={preloadContactDialog} onFocus={preloadContactDialog}>
          <UserPlus aria-hidden="true" className="ct:size-4" /> Add your first contact
        </Button>
      </div>
    );
  }

  const shown = all.filter((contact) => contactMatchesQuery(contact, filter));
  const favorites = shown.filter((contact) => contact.favorite);
  const others = shown.filter((contact) => !contact.favorite);
  const renderGroup = (title: string, contacts: Contact[]) => {
    const headingId = `contact-picker-${title.toLowerCase().replace(/\s+/g, '-')}`;
    return (
      <section aria-labelledby={headingId} className="ct:space-y-1">
        <h3 id={headingId} className="ct:px-2 ct:text-xs ct:font-semibold ct:uppercase ct:tracking-wide ct:text-muted-foreground">
          {title}
        </h3>
        <ul role="list" className="ct:space-y-0.5">
          {contacts.map((contact) => (
            <li key={contact.id}>
              <button
                type="button"
                disabled={isPendingContact(contact)}
                onClick={() => onChoose(contact)}
                className="ct:flex ct:w-full ct:items-center ct:gap-3 ct:rounded-md ct:p-2 ct:text-left ct:transition-colors ct:hover:bg-accent ct:hover:text-accent-foreground ct:focus-visible:outline-none ct:focus-visible:ring-2 ct:focus-visible:ring-ring ct:disabled:opacity-60"
              >
                <ContactLine name={contact.displayName} number={format(contact.primaryNumber)}>
                  <ContactRate number={contact.primaryNumber} />
                </ContactLine>
              </button>
            </li>
          ))}
        </ul>
      </section>
    );
  };

  return (
    <div className="ct:space-y-4">
      <ContactSearchInput value={filter} onValue={setFilter} />
      {shown.length === 0 ? (
        <p role="status" className="ct:py-6 ct:text-center ct:text-sm ct:text-muted-foreground">
          No contacts found
        </p>
      ) : (
        <>
          {favorites.length > 0 ? renderGroup('Favorites', favorites) : null}
          {others.length > 0 ? renderGroup('All Contacts', others) : null}
          {query.hasNextPage ? (
            <div className="ct:flex ct:justify-center">
              <Button variant="outline" size="sm" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {query.isFetchingNextPage ? 'Loading...' : 'Load more contacts'}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
