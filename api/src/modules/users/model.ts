// The signed-in user object (spec §3 users, §7 GET /api/auth/user) and the preferences a user may change.
export interface CurrentUserResponse {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  /** Exact decimal string, e.g. "12.50". */
  balance: string;
  role: string;
  autoRechargeEnabled: boolean;
  autoRechargeTrigger: string;
  autoRechargeAmount: string;
  lowBalanceAlertEnabled: boolean;
  lowBalanceAlertThreshold: string;
  defaultCallerId: string | null;
  stripeCustomerId: string | null;
  createdAt: string;
  updatedAt: string;
}

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
