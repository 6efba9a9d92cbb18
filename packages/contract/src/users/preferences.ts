// The preferences a user changes one at a time (spec §7 PATCH /api/user/preferences, §9 option lists), as
// plain data: the settings screens offer these options and the api accepts only these.

export const preferenceKeys = [
  'autoRechargeEnabled',
  'autoRechargeTrigger',
  'autoRechargeAmount',
  'lowBalanceAlertEnabled',
  'lowBalanceAlertThreshold',
  'defaultCallerId',
] as const;
export type PreferenceKey = (typeof preferenceKeys)[number];

/** Spec §9: the options of the settings selects, as Money strings. */
export const preferenceOptions = {
  autoRechargeTrigger: ['5.00', '10.00', '20.00', '50.00'],
  autoRechargeAmount: ['10.00', '25.00', '50.00', '100.00'],
  lowBalanceAlertThreshold: ['5.00', '10.00', '20.00', '50.00'],
} as const;
export type AmountPreferenceKey = keyof typeof preferenceOptions;

const dollars = (options: readonly string[]) => options.map((o) => `$${o.replace(/\.00$/, '')}`).join(', ');

export const preferenceMessages = {
  notAnObject: `Send a JSON object with one preference (one of ${preferenceKeys.join(', ')}).`,
  exactlyOne: `Send exactly one preference at a time (one of ${preferenceKeys.join(', ')}).`,
  unknownKey: (key: string) => `"${key}" is not a preference. Use one of ${preferenceKeys.join(', ')}.`,
  boolean: (key: string) => `${key} must be true or false.`,
  amount: (key: AmountPreferenceKey) => `${key} must be one of ${dollars(preferenceOptions[key])}.`,
  callerId: 'defaultCallerId must be a phone number in E.164 format, such as +14155550123, or null.',
} as const;
