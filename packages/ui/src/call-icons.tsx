// The dialer's line icons (the kit's Icon: 24×24, stroked, decorative). A module of their own, not more exports of
// icons.tsx: a remote takes a kit module from whichever build provides it on the page, and a live shell built before
// these were added would provide an icons.tsx without them (React error #130 in the skew matrix's old shell).
import { Icon } from '@ringwise/ui/icons';

/** A telephone handset (Call, the call bar). */
export const PhoneIcon = ({ className }: { className?: string }) => (
  <Icon className={className}>
    <path d="M8.2 3.2 9.8 7.4a1.5 1.5 0 0 1-.4 1.6L8 10.3a12.5 12.5 0 0 0 5.7 5.7l1.3-1.4a1.5 1.5 0 0 1 1.6-.4l4.2 1.6a1.5 1.5 0 0 1 .9 1.5l-.2 2.2a2 2 0 0 1-2.1 1.8C10.7 20.7 3.3 13.3 2.7 4.6a2 2 0 0 1 1.8-2.1l2.2-.2a1.5 1.5 0 0 1 1.5.9z" />
  </Icon>
);

/** An address book with a person (pick a contact). */
export const ContactBookIcon = ({ className }: { className?: string }) => (
  <Icon className={className}>
    <rect x="4" y="2" width="16" height="20" rx="2" />
    <circle cx="12" cy="10" r="3" />
    <path d="M7.5 17.5a5 5 0 0 1 9 0M2 7h2M2 12h2M2 17h2" />
  </Icon>
);

/** Backspace: a key pointing left with a cross (delete the last digit). */
export const BackspaceIcon = ({ className }: { className?: string }) => (
  <Icon className={className}>
    <path d="M9 5h11a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-7-7z" />
    <path d="m12 9 6 6M18 9l-6 6" />
  </Icon>
);
