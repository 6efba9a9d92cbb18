// The profile settings (issue #14), every route as the signed-in user except the avatar images themselves:
//   PATCH  /api/user/profile   → the user, with firstName/lastName changed (validated, at most 100 characters)
//   PUT    /api/user/avatar    → the user, profileImageUrl /api/avatars/<new id>; the body is the PNG, JPEG or WebP
//                                image (at most 2 MB; 413 larger, 415 another type or bytes that are not the type)
//   DELETE /api/user/avatar    → the user, without a profile image
//   GET    /api/avatars/{id}   → the image (public, unguessable id, cached a year), 404 otherwise
//   GET    /api/user/export    → all the user's data as a JSON download
//   DELETE /api/user           → 204: the account deleted ({ "confirm": "<e-mail>" }, 400 otherwise; 503 when the
//                                carrier or Supabase Auth fails, and deleting again finishes it: deletion.ts)
import { Elysia } from 'elysia';
import { routes } from '@ringwise/contract/routes';
import { routeSchemas } from '@ringwise/contract/schemas';
import type { AuthAdmin } from '../../auth/admin-client.ts';
import { authPlugin, type AuthPluginOptions } from '../../auth/plugin.ts';
import type { Database } from '../../db/database.ts';
import type { TelephonyServices } from '../../telephony/twilio-client.ts';
import { avatarResponse, readAvatarUpload, removeAvatar, saveAvatar } from './avatar.ts';
import { deleteAccount } from './deletion.ts';
import { exportFileName, exportUserData } from './export.ts';
import { parseNamesChange, updateNames } from './names.ts';

export interface ProfileOptions extends AuthPluginOptions {
  db: Pick<Database, 'asSession' | 'privileged'>;
  /** Releases the user's numbers when the account is deleted. */
  telephony?: Pick<TelephonyServices, 'twilio'>;
  /** Supabase Auth's admin API (ApiServices.auth.admin): soft-deletes the sign-in of a deleted account. */
  authAdmin?: Pick<AuthAdmin, 'deleteUser'> | null;
}

export const profile = (options: ProfileOptions) => {
  const { db } = options;
  const deletion = { db, twilio: options.telephony?.twilio ?? null, authAdmin: options.authAdmin ?? null };
  return new Elysia({ name: 'module.profile' })
    .use(authPlugin(options))
    .patch(
      routes.updateProfileNames.path,
      ({ user, db: userDb, body }) => {
        const change = parseNamesChange(body);
        return userDb.run((sql) => updateNames(sql, user.id, change));
      },
      { auth: true, ...routeSchemas.updateProfileNames },
    )
    .put(
      routes.uploadAvatar.path,
      async ({ user, db: userDb, request }) => {
        const upload = await readAvatarUpload(request);
        return userDb.run((sql) => saveAvatar(sql, user.id, upload));
      },
      { auth: true, parse: 'none', ...routeSchemas.uploadAvatar },
    )
    .delete(routes.deleteAvatar.path, ({ user, db: userDb }) => userDb.run((sql) => removeAvatar(sql, user.id)), {
      auth: true,
      ...routeSchemas.deleteAvatar,
    })
    .get(routes.getAvatar.path, ({ params }) => avatarResponse(db, params.id), routeSchemas.getAvatar)
    .get(
      routes.exportUserData.path,
      async ({ user, db: userDb, set }) => {
        const now = new Date();
        const data = await userDb.run((sql) => exportUserData(sql, user.id, now));
        set.headers['content-disposition'] = `attachment; filename="${exportFileName(now)}"`;
        return data;
      },
      { auth: true, ...routeSchemas.exportUserData },
    )
    .delete(
      routes.deleteAccount.path,
      async ({ user, db: userDb, body, set }) => {
        await deleteAccount(deletion, userDb, user.id, body.confirm);
        set.status = 204;
      },
      { auth: true, ...routeSchemas.deleteAccount },
    );
};
