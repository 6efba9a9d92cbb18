import { Pencil, Phone, Star, Trash2 } from 'lucide-react';
import type { Contact } from '@ringwise/contract/contacts';
import { formatInternational } from '@ringwise/phone';
import { Button } from '@ringwise/ui/button';
import { Card } from '@ringwise/ui/card';
import { SimpleTooltip } from '@ringwise/ui/tooltip';
import { ContactAvatar } from './contact-avatar.tsx';
import { isPendingContact } from './contacts-data.ts';

export interface ContactCardProps {
  contact: Contact;
  onCall: (contact: Contact) => void;
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
  onToggleFavorite: (contact: Contact) => void;
}

/** One contact: name, number, e-mail, the favorite star, and call / edit / delete. */
export function ContactCard({ contact, onCall, onEdit, onDelete, onToggleFavorite }: ContactCardProps) {
  const name = contact.displayName;
  // a contact the api has not created yet has no id to act on
  const pending = isPendingContact(contact);
  return (
    <Card
      aria-busy={pending || undefined}
      data-pending={pending || undefined}
      className="ct:flex ct:h-full ct:flex-col ct:gap-4 ct:p-4 ct:transition-opacity ct:data-pending:opacity-60"
    >
      <div className="ct:flex ct:items-start ct:gap-3">
        <ContactAvatar name={name} />
        <div className="ct:min-w-0 ct:flex-1">
          <h3 title={name} className="ct:truncate ct:text-base ct:font-semibold ct:leading-tight">
            {name}
          </h3>
          <p className="ct:mt-1 ct:text-sm ct:tabular-nums">{formatInternational(contact.primaryNumber)}</p>
          {contact.email ? (
            <p title={contact.email} className="ct:truncate ct:text-sm ct:text-muted-foreground">
              {contact.email}
            </p>
          ) : null}
          {pending ? <p className="ct:text-xs ct:text-muted-foreground">Saving...</p> : null}
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Favorite ${name}`}
          aria-pressed={contact.favorite}
          disabled={pending}
          onClick={() => onToggleFavorite(contact)}
          className="ct:-mr-2 ct:-mt-2 ct:shrink-0"
        >
          <Star
            aria-hidden="true"
            className={contact.favorite ? 'ct:size-5 ct:fill-amber-400 ct:text-amber-600' : 'ct:size-5 ct:text-muted-foreground'}
          />
        </Button>
      </div>
      <div className="ct:mt-auto ct:flex ct:items-center ct:gap-2">
        <Button size="sm" aria-label={`Call ${name}`} disabled={pending} onClick={() => onCall(contact)} className="ct:flex-1">
          <Phone aria-hidden="true" className="ct:size-4" /> Call
        </Button>
        <SimpleTooltip content="Edit">
          <Button variant="outline" size="icon" aria-label={`Edit ${name}`} disabled={pending} onClick={() => onEdit(contact)} className="ct:size-9">
            <Pencil aria-hidden="true" className="ct:size-4" />
          </Button>
        </SimpleTooltip>
        <SimpleTooltip content="Delete">
          <Button
            variant="outline"
            size="icon"
            aria-label={`Delete ${name}`}
            disabled={pending}
            onClick={() => onDelete(contact)}
            className="ct:size-9 ct:text-destructive ct:hover:text-destructive"
          >
            <Trash2 aria-hidden="true" className="ct:size-4" />
          </Button>
        </SimpleTooltip>
      </div>
    </Card>
  );
}
