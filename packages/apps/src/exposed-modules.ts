// Every module the remotes expose, by the id a host loads it with ('<key>/<module>', the registry's `exposes`
// in index.ts), and the props of its default export. Types only (no runtime code): the exposing remote checks
// its component against its entry, and every host that loads a module gets its props checked, so renaming a
// widget's prop breaks the compile of each build that passes it.
import type { ComponentType } from 'react';
import type { BillingAppProps, SettingsBillingProps, SettingsNotificationsProps, TopUpDialogProps } from './exposed/billing.ts';
import type { ContactMatchProps, ContactPickerProps, ContactsAppProps, ContactSuggestionsProps, SaveContactDialogProps } from './exposed/contacts.ts';
import type { CallOverlayProps, DialerAppProps } from './exposed/dialer.ts';
import type { MarketingAppProps } from './exposed/marketing.ts';
import type { CallerIdSelectProps, CallerIdsDialogProps, NumbersAppProps, VirtualNumbersDialogProps } from './exposed/numbers.ts';

export interface ExposedModules {
  'dialer/app': DialerAppProps;
  'dialer/widgets/call-overlay': CallOverlayProps;
  'contacts/app': ContactsAppProps;
  'contacts/widgets/contact-picker': ContactPickerProps;
  'contacts/widgets/contact-suggestions': ContactSuggestionsProps;
  'contacts/widgets/contact-match': ContactMatchProps;
  'contacts/widgets/save-contact-dialog': SaveContactDialogProps;
  'billing/app': BillingAppProps;
  'billing/widgets/top-up-dialog': TopUpDialogProps;
  'billing/widgets/settings-billing': SettingsBillingProps;
  'billing/widgets/settings-notifications': SettingsNotificationsProps;
  'numbers/app': NumbersAppProps;
  'numbers/widgets/virtual-numbers-dialog': VirtualNumbersDialogProps;
  'numbers/widgets/caller-ids-dialog': CallerIdsDialogProps;
  'numbers/widgets/caller-id-select': CallerIdSelectProps;
  'marketing/app': MarketingAppProps;
}

export type ExposedModuleId = keyof ExposedModules;
/** The props of an exposed module's default export. */
export type PropsOf<Id extends ExposedModuleId> = ExposedModules[Id];
/** The default export of an exposed module. */
export type ExposedComponent<Id extends ExposedModuleId> = ComponentType<PropsOf<Id>>;
/** The modules of one remote, without the key: ModuleOf<'billing'> is 'app' | 'widgets/top-up-dialog' | … */
export type ModuleOf<Key extends string> = ExposedModuleId extends infer Id ? (Id extends `${Key}/${infer Module}` ? Module : never) : never;
/** The widgets ('<key>/widgets/<name>'), what one remote may show of another through the host's loader. */
export type WidgetId = Extract<ExposedModuleId, `${string}/widgets/${string}`>;

/**
 * The loader a host hands to a remote that shows other remotes' widgets (remotes never load remotes
 * themselves): resolves to the widget's default export, or null when it cannot be loaded.
 */
export type LoadWidget = <Id extends WidgetId>(id: Id) => Promise<ExposedComponent<Id> | null>;
