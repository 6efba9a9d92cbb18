// GET /api/auth/user and PATCH /api/user/preferences (spec §7 Account). Both run as the signed-in user.
import { Elysia } from 'elysia';
import { routes } from '@ringwise/contract/routes';
import { routeSchemas } from '@ringwise/contract/schemas';
import { authPlugin, type AuthPluginOptions } from '../../auth/plugin.ts';
import { getCurrentUser, parsePreferenceChange, updatePreference } from './service.ts';

export const users = (options: AuthPluginOptions) =>
  new Elysia({ name: 'module.users' })
    .use(authPlugin(options))
    .get(routes.currentUser.path, ({ user, db }) => db.run((sql) => getCurrentUser(sql, user.id)), {
      auth: true,
      ...routeSchemas.currentUser,
    })
    .patch(
      routes.updatePreference.path,
      ({ user, db, body }) => {
        const change = parsePreferenceChange(body);
        return db.run((sql) => updatePreference(sql, user.id, change));
      },
      { auth: true, ...routeSchemas.updatePreference },
    );
