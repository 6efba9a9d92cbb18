// The signed-in user (spec §3 users, §7 GET /api/auth/user) and the one-preference change (PATCH
// /api/user/preferences).
import { Type, type Static } from '@sinclair/typebox';
import { E164, Money, Nullable, Timestamp, Uuid } from '../values.ts';
import { preferenceMessages } from './preferences.ts';

export const CurrentUser = Type.Object(
  {
    id: Uuid,
    email: Type.String(),
    firstName: Nullable(Type.String()),
    lastName: Nullable(Type.String()),
    profileImageUrl: Nullable(Type.String()),
    balance: Money,
    /** 'customer' or 'admin'. */
    role: Type.String(),
    autoRechargeEnabled: Type.Boolean(),
    autoRechargeTrigger: Money,
    autoRechargeAmount: Money,
    lowBalanceAlertEnabled: Type.Boolean(),
    lowBalanceAlertThreshold: Money,
    defaultCallerId: Nullable(E164),
    stripeCustomerId: Nullable(Type.String()),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { additionalProperties: false },
);
export type CurrentUser = Static<typeof CurrentUser>;

const amount = (key: 'autoRechargeTrigger' | 'autoRechargeAmount' | 'lowBalanceAlertThreshold') =>
  Type.Optional(Type.String({ error: preferenceMessages.amount(key) }));

/** Exactly one of these keys (the api says which rule a body breaks); amounts are Money strings of the options. */
export const PreferenceChange = Type.Object(
  {
    autoRechargeEnabled: Type.Optional(Type.Boolean({ error: preferenceMessages.boolean('autoRechargeEnabled') })),
    autoRechargeTrigger: amount('autoRechargeTrigger'),
    autoRechargeAmount: amount('autoRechargeAmount'),
    lowBalanceAlertEnabled: Type.Optional(Type.Boolean({ error: preferenceMessages.boolean('lowBalanceAlertEnabled') })),
    lowBalanceAlertThreshold: amount('lowBalanceAlertThreshold'),
    defaultCallerId: Type.Optional(Type.Union([Type.String(), Type.Null()], { error: preferenceMessages.callerId })),
  },
  // unknown keys reach the api, which names them in its message
  { additionalProperties: true, error: preferenceMessages.notAnObject },
);
export type PreferenceChange = Static<typeof PreferenceChange>;

export const userSchemas = {
  currentUser: { response: { 200: CurrentUser } },
  updatePreference: { body: PreferenceChange, response: { 200: CurrentUser } },
};
