// The props of the modules the numbers remote (mfe-numbers) exposes, listed by id in ../exposed-modules.ts. Each
// module default-exports one component; load it with the shell's
// <RemoteSlot remote="numbers" module="widgets/<name>" props={…} /> or, in a remote, the host's `loadWidget`.
// Types only: the remote and its hosts import them with `import type`, so they cost no bytes.
//
// The widgets read GET /api/auth/user (userQueries.current(): balance, defaultCallerId), GET /api/virtual-numbers
// and GET /api/verified-caller-ids through the page's QueryClient, so they share requests with each other and
// with the header, and see each other's changes (a purchase refreshes the numbers, the user and the
// transactions).
import type { RefObject } from 'react';

/** What the two dialogs take: controlled like billing's top-up dialog, or uncontrolled with their own trigger. */
interface NumbersDialogProps {
  /** Controlled mode: whether the dialog is open (no trigger is rendered then). */
  open?: boolean;
  /** The dialog opened or closed (Escape, the ×, a click outside). Both modes. */
  onOpenChange?: (open: boolean) => void;
  /** Where the focus goes when it closes. Default: the element that had the focus when it opened. */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** The built-in trigger's text (uncontrolled mode). */
  triggerLabel?: string;
  /** Classes for the built-in trigger button (your build's prefixed utilities). */
  triggerClassName?: string;
}

/**
 * './widgets/virtual-numbers-dialog': the Virtual Numbers modal (spec §2): 'Get a New Number' (country, number
 * type with its monthly price, 'Area Code (Optional)' / 'Number Pattern (Optional)' with the match mode, Search,
 * results with Purchase) and 'Your Existing Numbers' (status, renewal, Release after a confirmation). At most 85%
 * of the viewport high. Opens afresh each time. Default trigger text 'Manage Virtual Numbers'.
 */
export type VirtualNumbersDialogProps = NumbersDialogProps;

/**
 * './widgets/caller-ids-dialog': the Verified Caller IDs modal (spec §2): phone number (E.164) and optional
 * friendly name, Verify (the 6-digit code is shown until the call is answered), the entries with their status
 * and Remove (after 'Are you sure you want to remove this verified caller ID?'). A new entry's status is asked
 * for every 3 s while the widget is mounted (also closed). Default trigger text 'Manage Verified Caller IDs'.
 */
export type CallerIdsDialogProps = NumbersDialogProps;

/**
 * './widgets/caller-id-select': the dialer's From selector. Options: 'Public Number' (null: the public
 * number), the active virtual numbers, the verified caller IDs (formatted). A stored number that is none of
 * those any more is listed as 'No longer available'. With a 'Manage' button that opens the two dialogs (or calls
 * `onManage`). The module also exports `callerIdOptions(numbers, callerIds, current)`, the same options without
 * React, for a build that has the lists already.
 */
export interface CallerIdSelectProps {
  /** The chosen caller ID (E.164), null for the Public Number, undefined for the user's default (defaultCallerId). */
  value?: string | null;
  /** Another option was chosen (E.164, or null for the Public Number). */
  onChange: (value: string | null) => void;
  /** The select's id, for your own <label htmlFor>. Without it the select is labelled by `label`. */
  id?: string;
  /** The accessible name when there is no `id`. Default 'Caller ID'. */
  label?: string;
  /** Classes for the wrapper (your build's prefixed utilities). */
  className?: string;
  /** Replace the built-in Manage menu (which opens the two dialogs); pass false to hide the Manage button. */
  onManage?: (() => void) | false;
  /**
   * Open the list as it mounts: for a host that draws its own stand-in until the user first reaches for the
   * selector (the dialer's From, which loads this remote only then). The list's focus goes back to the select.
   */
  defaultOpen?: boolean;
}

/**
 * './app' (the shell's settings slot, `numbers/app`): the Numbers section of Settings (spec §2 'Settings view'),
 * a card headed 'Numbers': 'Default Caller ID' (one PATCH /api/user/preferences { defaultCallerId }, optimistic,
 * 'Settings updated' / 'Update failed'), or 'Get Virtual Number' and 'Verify Caller ID' while the user has no
 * number of their own; 'Manage Virtual Numbers' and 'Manage Verified Caller IDs'. No props.
 */
export type NumbersAppProps = Record<string, never>;
