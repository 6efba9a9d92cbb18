// The props of the modules the billing remote (mfe-billing) exposes, listed by id in ../exposed-modules.ts. Each
// module default-exports one component; load it with the shell's
// <RemoteSlot remote="billing" module="widgets/<name>" props={…} /> or, in a remote, the host's `loadWidget`.
// Types only: the remote and its hosts import them with `import type`, so they cost no bytes.
//
// The widgets read GET /api/auth/user (userQueries.current()) and GET /api/transactions through the page's
// QueryClient, so they share requests with the header and the views, and see each other's changes.
import type { RefObject } from 'react';

/** './app': Balance & Transactions (/home/transactions, the default) or /checkout. */
export interface BillingAppProps {
  view?: 'transactions' | 'checkout';
}

/**
 * './widgets/top-up-dialog': 'Add Calling Credits' (spec §2 'Top-up dialog'): the $10 / $25 (popular) / $50 /
 * $100 presets, a custom amount from $5 to $500, 'Secure checkout (card, Apple Pay, Google Pay)' and
 * 'Continue to Payment - $X', which closes the dialog and navigates (in the page's router, no reload) to
 * /checkout?amount=X.XX. Opens on the popular preset, afresh each time. Uncontrolled by default (renders its
 * own 'Add Credits' button); pass `open` to control it and render your own trigger.
 */
export interface TopUpDialogProps {
  /** Controlled mode: whether the dialog is open (no trigger is rendered then). */
  open?: boolean;
  /** The dialog opened or closed (Escape, the ×, a click outside, or Continue). Both modes. */
  onOpenChange?: (open: boolean) => void;
  /**
   * Where the focus goes when the dialog closes. Default: the element that had the focus when it opened (the
   * built-in trigger in uncontrolled mode). Pass your trigger when a click may not focus it (Safari).
   */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** The built-in trigger's text. Default 'Add Credits'. */
  triggerLabel?: string;
  /** Classes for the built-in trigger button (your build's prefixed utilities). */
  triggerClassName?: string;
}

/**
 * './widgets/settings-billing': the Billing section of Settings (spec §2 'Settings view'), a card headed
 * 'Billing': the Auto-Recharge switch with its trigger and amount selects (each change one PATCH
 * /api/user/preferences, optimistic, 'Settings updated' / 'Update failed' toasts), 'Payment Methods' (the
 * payment provider's portal; 'No payment methods yet' while the user has no payment customer) and 'Billing
 * History' (a dialog of the top-ups). No props: it fills the width it is given (the shell's settings frame).
 */
export type SettingsBillingProps = Record<string, never>;

/**
 * './widgets/settings-notifications': the Notifications section of Settings, a card headed 'Notifications':
 * 'Low Balance Alerts' with the 'Email notifications' switch and the threshold select. No props.
 */
export type SettingsNotificationsProps = Record<string, never>;
