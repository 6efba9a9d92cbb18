// The signed-in user and its preferences: the shapes are the contract's (@ringwise/contract); here is only
// what the service makes of a validated change.
import type { PreferenceKey } from '@ringwise/contract/users';

export type { CurrentUser } from '@ringwise/contract/schemas';
export { preferenceKeys, preferenceMessages, preferenceOptions, type PreferenceKey } from '@ringwise/contract/users';

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
