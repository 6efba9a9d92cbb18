// The Contacts view (spec §2): search and Add Contact, Favorites then All Contacts, each card with call,
// edit and delete; empty states 'No contacts found' (a search) and 'No contacts yet'.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Search, UserPlus } from 'lucide-react';
import type { Contact } from '@ringwise/contract/contacts';
import { Button } from '@ringwise/ui/button';
import { Card } from '@ringwise/ui/card';
import { Skeleton } from '../../lib/skeleton.tsx';
import { useDebouncedValue } from '@ringwise/ui/hooks/use-debounced-value';
import { ContactCard } from './contact-card.tsx';
import { ContactLineSkeleton } from './contact-line.tsx';
import { ContactSearchInput, ContactsUnavailable } from './contact-list-parts.tsx';
import { ContactDialog } from './contact-dialog.tsx';
import { sortByName, useContacts, useDeleteContact, useUpdateContact } from './contacts-data.ts';

/** How long the search waits after the last keystroke before asking the api. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Where the call button goes: the dialer, prefilled (spec §2 Dialer view: "?number="), which places the call at once
 *  ("&call=1"), asking first only when the From number is ambiguous. */
export function dialerHref(number: string): string {
  return `/home?number=${encodeURIComponent(number)}&call=1`;
}

type DialogState = { open: boolean; contact: Contact | null };

export function ContactsView() {
  const [, navigate] = useLocation();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useContacts(term);
  const update = useUpdateContact();
  const remove = useDeleteContact();
  const [dialog, setDialog] = useState<DialogState>({ open: false, contact: null });
  const headingRef = useRef<HTMLHeadingElement>(null);

  const contacts = sortByName(query.data ?? []);
  const favorites = contacts.filter((contact) => contact.favorite);
  const others = contacts.filter((contact) => !contact.favorite);
  const searching = term !== '';

  const openCreate = () => setDialog({ open: true, contact: null });
  const cardActions = {
    onCall: (contact: Contact) => navigate(dialerHref(contact.primaryNumber)),
    onEdit: (contact: Contact) => setDialog({ open: true, contact }),
    onToggleFavorite: (contact: Contact) =>
      update.mutate({ id: contact.id, input: { favorite: !contact.favorite }, changes: { favorite: !contact.favorite } }),
    onDelete: (contact: Contact) => {
      if (!window.confirm(`Delete contact "${contact.displayName}"?`)) return;
      remove.mutate(contact);
      // the card (and the focus in it) goes away: keep the focus in the view
      headingRef.current?.focus();
    },
  };

  let body;
  if (query.isPending) {
    body = <ContactsSkeleton />;
  } else if (query.isError && !query.data) {
    body = (
      <Card>
        <ContactsUnavailable className="ct:p-6" onRetry={() => void query.refetch()} />
      </Card>
    );
  } else if (contacts.length === 0) {
    body = searching ? (
      <EmptyState title="No contacts found" text="Try a different name or number." />
    ) : (
      <EmptyState
        title="No contacts yet"
        text="Save the people you call to reach them in one tap."
        action={
          <Button onClick={openCreate}>
            <UserPlus aria-hidden="true" className="ct:size-4" /> Add your first contact
          </Button>
        }
      />
    );
  } else {
    body = (
      <div className="ct:space-y-6" aria-busy={query.isPlaceholderData || undefined}>
        {favorites.length > 0 ? <ContactSection title="Favorites" contacts={favorites} actions={cardActions} /> : null}
        {others.length > 0 ? <ContactSection title="All Contacts" contacts={others} actions={cardActions} /> : null}
        {query.hasNextPage ? <MoreContacts loading={query.isFetchingNextPage} onMore={() => void query.fetchNextPage()} /> : null}
      </div>
    );
  }

  return (
    <section aria-labelledby="contacts-title" className="ct:space-y-4">
      <div className="ct:flex ct:flex-wrap ct:items-center ct:justify-between ct:gap-3">
        <h1 id="contacts-title" ref={headingRef} tabIndex={-1} className="ct:text-2xl ct:font-bold ct:outline-none">
          Contacts
        </h1>
        <Button onClick={openCreate}>
          <UserPlus aria-hidden="true" className="ct:size-4" /> Add Contact
        </Button>
      </div>
      <form role="search" aria-label="Contacts" onSubmit={(event) => event.preventDefault()} className="ct:relative">
        <Search aria-hidden="true" className="ct:pointer-events-none ct:absolute ct:left-3 ct:top-3 ct:size-4 ct:text-muted-foreground" />
        <ContactSearchInput value={search} onValue={setSearch} className="ct:pl-9" />
      </form>
      <p role="status" className="ct:sr-only">
        {searching && !query.isPending && !query.isPlaceholderData
          ? `${contacts.length} ${contacts.length === 1 ? 'contact' : 'contacts'} found`
          : ''}
      </p>
      {body}
      <ContactDialog
        open={dialog.open}
        contact={dialog.contact}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
      />
    </section>
  );
}

/**
 * The end of the loaded contacts: the next page comes when it scrolls into view (infinite scroll), or with the
 * button, for the keyboard and for a page that does not scroll.
 */
function MoreContacts({ loading, onMore }: { loading: boolean; onMore: () => void }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  const busy = useRef(loading);
  useEffect(() => {
    more.current = onMore;
    busy.current = loading;
  });
  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (!busy.current && entries.some((entry) => entry.isIntersecting)) more.current();
    }, { rootMargin: '400px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={sentinel} className="ct:flex ct:justify-center ct:pt-2">
      <Button variant="outline" disabled={loading} onClick={onMore}>
        {loading ? 'Loading...' : 'Load more contacts'}
      </Button>
    </div>
  );
}

type CardActions = Omit<Parameters<typeof ContactCard>[0], 'contact'>;

function ContactSection({ title, contacts, actions }: { title: string; contacts: Contact[]; actions: CardActions }) {
  const id = `contacts-section-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="ct:space-y-3">
      <h2 id={id} className="ct:text-sm ct:font-semibold ct:uppercase ct:tracking-wide ct:text-muted-foreground">
        {title}
      </h2>
      {/* minmax(0, 1fr) columns and min-w-0 items: a long name or e-mail is cut short in its card, never widening the page */}
      <ul role="list" className="ct:grid ct:grid-cols-1 ct:gap-3 ct:sm:grid-cols-2 ct:lg:grid-cols-3">
        {contacts.map((contact) => (
          <li key={contact.id} className="ct:min-w-0">
            <ContactCard contact={contact} {...actions} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function EmptyState({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <Card className="ct:flex ct:flex-col ct:items-center ct:gap-2 ct:px-6 ct:py-10 ct:text-center">
      <h2 className="ct:text-lg ct:font-semibold">{title}</h2>
      <p className="ct:text-sm ct:text-muted-foreground">{text}</p>
      {action ? <div className="ct:mt-2">{action}</div> : null}
    </Card>
  );
}

function ContactsSkeleton() {
  return (
    <div aria-busy="true" className="ct:space-y-3">
      <span className="ct:sr-only" role="status">
        Loading contacts
      </span>
      <Skeleton className="ct:h-4 ct:w-24" />
      <div className="ct:grid ct:grid-cols-1 ct:gap-3 ct:sm:grid-cols-2 ct:lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, index) => (
          <Card key={index} className="ct:flex ct:flex-col ct:gap-4 ct:p-4">
            <div className="ct:flex ct:items-start ct:gap-3">
              <ContactLineSkeleton large />
            </div>
            <Skeleton className="ct:h-9 ct:w-full" />
          </Card>
        ))}
      </div>
    </div>
  );
}
