// The signed-in user object is the API client's CurrentUser (one shape for server and browser), and the
// preferences a user may change.
import type { CurrentUser } from '@ringwise/api-client';

export type CurrentUserResponse = CurrentUser;

/** Spec §9: the option lists of the settings selects, in dollars. */
export const preferenceOptions = {
  autoRechargeTrigger: ['5', '10', '20', '50'],
  autoRechargeAmount: ['10', '25', '50', '100'],
  lowBalanceAlertThreshold: ['5', '10', '20', '50'],
} as const;

export const preferenceKeys = [
  'autoRechargeEnabled',
  'autoRechargeTrigger',
  'autoRechargeAmount',
  'lowBalanceAlertEnabled',
  'lowBalanceAlertThreshold',
  'defaultCallerId',
] as const;
export type PreferenceKey = (typeof preferenceKeys)[number];

/** A validated single-key change: the column it writes and the value (SQL-ready). */
export type PreferenceChange =
  | { key: 'autoRechargeEnabled' | 'lowBalanceAlertEnabled'; column: string; value: boolean }
  | { key: 'autoRechargeTrigger' | 'autoRechargeAmount' | 'lowBalanceAlertThreshold'; column: string; value: string }
  | { key: 'defaultCallerId'; column: string; value: string | null };

export const preferenceColumns: Record<PreferenceKey, string> = {
  autoRechargeEnabled: 'auto_recharge_enabled',
  autoRechargeTrigger: 'auto_recharge_trigger',
  autoRechargeAmount: 'auto_recharge_amount',
  lowBalanceAlertEnabled: 'low_balance_alert_enabled',
  lowBalanceAlertThreshold: 'low_balance_alert_threshold',
  defaultCallerId: 'default_caller_id',
};
