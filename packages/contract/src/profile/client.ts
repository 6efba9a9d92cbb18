// The profile settings for the browser: the rules, the name change, the avatar's removal and the account's
// deletion. The avatar upload (the image as the body) and the export (a file download) are plain requests to
// `routes.uploadAvatar.path` and `routes.exportUserData.path` with the bearer token. Imports only types from
// the schemas.
import { callApi } from '@ringwise/api-client';
import { routes } from '../routes.ts';
import type { ProfileNamesPatch } from './schema.ts';

export type { AccountDeletion, ProfileNamesPatch, UserExport } from './schema.ts';
export * from './rules.ts';

export const profileRequests = {
  /** PATCH /api/user/profile; answers the updated user. */
  updateNames: (body: ProfileNamesPatch) => callApi(routes.updateProfileNames, { body }),
  /** DELETE /api/user/avatar; answers the updated user. */
  removeAvatar: () => callApi(routes.deleteAvatar, {}),
  /** DELETE /api/user with the user's e-mail address as confirmation; 204. */
  deleteAccount: (email: string) => callApi(routes.deleteAccount, { body: { confirm: email } }),
};
