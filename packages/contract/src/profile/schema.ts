// The profile settings (issue #14): names, the avatar, the export of all the user's data and the deletion of
// the account. PATCH /api/user/profile answers the user (users/schema.ts); PUT and DELETE /api/user/avatar too.
// PUT /api/user/avatar takes the image itself as its body (not JSON), so it has no body schema here.
import { Type, type Static } from '@sinclair/typebox';
import { CurrentUser } from '../users/schema.ts';
import { Money, NoContent, Nullable, RatePerMinute, Timestamp, Uuid } from '../values.ts';
import { maxNameLength, profileMessages as messages } from './rules.ts';

const name = (field: 'firstName' | 'lastName') =>
  Type.Optional(Nullable(Type.String({ maxLength: maxNameLength, error: messages.nameInvalid(field) })));

/** PATCH /api/user/profile: one or both names; null or "" clears one. */
export const ProfileNamesPatch = Type.Object(
  { firstName: name('firstName'), lastName: name('lastName') },
  // unknown keys reach the api, which names them in its message (rather than dropping them unseen)
  { additionalProperties: true, error: messages.notAnObject },
);
export type ProfileNamesPatch = Static<typeof ProfileNamesPatch>;

export const AvatarParams = Type.Object({ id: Type.String() });

/** DELETE /api/user: the user's own e-mail address, typed again. */
export const AccountDeletion = Type.Object(
  { confirm: Type.String({ minLength: 1, maxLength: 320, error: messages.confirmRequired }) },
  { additionalProperties: false, error: messages.confirmRequired },
);
export type AccountDeletion = Static<typeof AccountDeletion>;

const exportRow = <T extends Parameters<typeof Type.Object>[0]>(fields: T) => Type.Object(fields, { additionalProperties: false });

/** GET /api/user/export: everything stored about the signed-in user (no secrets: no password, tokens or codes). */
export const UserExport = exportRow({
  exportedAt: Timestamp,
  profile: CurrentUser,
  avatar: Nullable(exportRow({ id: Uuid, url: Type.String(), contentType: Type.String(), bytes: Type.Integer(), createdAt: Timestamp })),
  contacts: Type.Array(
    exportRow({
      id: Uuid,
      displayName: Type.String(),
      primaryNumber: Type.String(),
      countryCode: Nullable(Type.String()),
      email: Nullable(Type.String()),
      notes: Nullable(Type.String()),
      favorite: Type.Boolean(),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    }),
  ),
  calls: Type.Array(
    exportRow({
      id: Uuid,
      destinationNumber: Type.String(),
      fromNumber: Nullable(Type.String()),
      status: Type.String(),
      callingMethod: Nullable(Type.String()),
      callDirection: Type.String(),
      duration: Nullable(Type.Integer()),
      cost: Nullable(Money),
      rate: Nullable(RatePerMinute),
      startTime: Nullable(Timestamp),
      endTime: Nullable(Timestamp),
      endReason: Nullable(Type.String()),
      createdAt: Timestamp,
      /** The caller's voicemail on this call, if any: when it was left, its length, and where its audio is (GET, signed in). */
      voicemail: Type.Optional(
        Nullable(Type.Object({ createdAt: Timestamp, durationSeconds: Type.Integer({ minimum: 0 }), audioPath: Type.String() }, { additionalProperties: false })),
      ),
      /** A forwarded leg: the incoming call it forwarded to the user's own phone (destinationNumber). */
      forwardedFrom: Type.Optional(Nullable(Uuid)),
    }),
  ),
  transactions: Type.Array(
    exportRow({
      id: Uuid,
      type: Type.String(),
      amount: Money,
      description: Nullable(Type.String()),
      status: Type.String(),
      callId: Nullable(Uuid),
      createdAt: Timestamp,
    }),
  ),
  virtualNumbers: Type.Array(
    exportRow({
      id: Uuid,
      phoneNumber: Type.String(),
      countryCode: Nullable(Type.String()),
      numberType: Type.String(),
      region: Nullable(Type.String()),
      locality: Nullable(Type.String()),
      monthlyPrice: Nullable(Money),
      status: Type.String(),
      purchasedAt: Timestamp,
      renewsAt: Nullable(Timestamp),
      releasedAt: Nullable(Timestamp),
      /** Where its calls are forwarded (issue 36): off, unanswered or always, and to which verified caller ID. */
      forwardingMode: Type.Optional(Type.String()),
      forwardTo: Type.Optional(Nullable(Type.String())),
    }),
  ),
  verifiedCallerIds: Type.Array(
    exportRow({
      id: Uuid,
      phoneNumber: Type.String(),
      friendlyName: Nullable(Type.String()),
      verificationStatus: Type.String(),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    }),
  ),
});
export type UserExport = Static<typeof UserExport>;

export const profileSchemas = {
  updateProfileNames: { body: ProfileNamesPatch, response: { 200: CurrentUser } },
  uploadAvatar: { response: { 200: CurrentUser } },
  deleteAvatar: { response: { 200: CurrentUser } },
  getAvatar: { params: AvatarParams, response: {} },
  exportUserData: { response: { 200: UserExport } },
  deleteAccount: { body: AccountDeletion, response: { 204: NoContent } },
};
