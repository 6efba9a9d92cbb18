// The props of the modules the contacts remote (mfe-contacts) exposes, listed by id in ../exposed-modules.ts.
// Each module default-exports one component; the dialer loads the widgets with `loadWidget('contacts/widgets/<name>')`
// (the shell's loader), the shell './app' with <RemoteSlot remote="contacts" />. Types only: the remote and its
// hosts import them with `import type`, so they cost no bytes.
//
// Every widget reads GET /api/contacts through the page's QueryClient (contactQueries.list()), so they share
// one request with each other and with the Contacts view, and see its optimistic changes.
import type { Contact } from '@ringwise/contract/contacts';

export type { Contact };

/** './app': the Contacts view (/home/contacts). No props. */
export type ContactsAppProps = Record<string, never>;

/**
 * './widgets/contact-picker': the dialer's contact-picker sheet (from the bottom): Favorites first, then
 * All Contacts, with a filter field. Empty state 'No contacts yet' with an add-first-contact action that
 * opens the contact dialog. Uncontrolled by default (renders its own trigger, an icon button); pass `open`
 * to control it and render your own trigger.
 */
export interface ContactPickerProps {
  /** A contact was chosen; the sheet closes itself. */
  onSelect: (contact: Contact) => void;
  /** Controlled mode: whether the sheet is open (no trigger is rendered then). */
  open?: boolean;
  /** The sheet opened or closed (both modes). */
  onOpenChange?: (open: boolean) => void;
  /** The built-in trigger's accessible name and tooltip. Default 'Contacts'. */
  triggerLabel?: string;
  /** Classes for the built-in trigger button (your build's prefixed utilities). */
  triggerClassName?: string;
}

/**
 * './widgets/contact-suggestions': up to 5 contacts matching what is typed (a number or a name; at least
 * 2 characters; name case-insensitive or digits), favorites first, as a listbox under the number field.
 * Renders nothing (except a polite status line for screen readers) when there is nothing to suggest.
 * Keyboard: Tab enters the list, arrows / Home / End move, Enter or Space chooses.
 */
export interface ContactSuggestionsProps {
  /** The number field's text. */
  query: string;
  /** A suggestion was chosen. */
  onSelect: (contact: Contact) => void;
  /** The listbox's id, e.g. for `aria-controls` on the number field. Default: generated. */
  id?: string;
  /** The listbox's accessible name. Default 'Contact suggestions'. */
  label?: string;
  /** Classes for the wrapper (your build's prefixed utilities). */
  className?: string;
}

/**
 * './widgets/contact-match': below the number field. Once the number has 8+ characters and 250 ms have
 * passed since it last changed, shows the matched contact's name as a badge, or an 'Add to Contacts'
 * button that opens the contact dialog prefilled with the number. Matching compares digits only; a fuzzy
 * match is allowed when the digit counts differ by 1 to 4, one ends with the other, and both have 10+
 * digits (spec §5). Keeps a 36px-high row so the keypad below does not jump.
 */
export interface ContactMatchProps {
  /**
   * The number as it would be dialled, best in E.164 with its country code ("+447700900123"). Matching is
   * digits-only (spec §5), so a national trunk 0 ("07700 900123") does not match a saved "+44 7700 900123";
   * without the code and the 0 ("7700 900123", 10+ digits) it matches fuzzily.
   */
  number: string;
  /** The dialer's chosen code ("+44"), for prefilling the dialog when `number` has no leading +. */
  countryCode?: string | null;
  /** The matched contact, or null, each time that changes (after the debounce). */
  onMatchChange?: (contact: Contact | null) => void;
  /** Classes for the wrapper (your build's prefixed utilities). */
  className?: string;
}

/**
 * './widgets/save-contact-dialog': the 'Save Contact' dialog for an unknown number in Recent Calls: a
 * required name, then POST /api/contacts/from-call { phoneNumber, displayName }; toast 'Contact saved', or
 * the api's message / 'Failed to save contact' (also shown in the dialog, which stays open to retry).
 * Uncontrolled by default (renders its own trigger, an icon button named "Save <number> to contacts");
 * pass `open` to control it.
 */
export interface SaveContactDialogProps {
  /** The call's number, sent as it is (E.164 from the call record). */
  phoneNumber: string;
  /** Controlled mode: whether the dialog is open (no trigger is rendered then). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** After the api saved it (null if its answer had no contact in it). */
  onSaved?: (contact: Contact | null) => void;
  /** Classes for the built-in trigger button (your build's prefixed utilities). */
  triggerClassName?: string;
}
