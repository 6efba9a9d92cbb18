// The profile settings for the browser: the rules, the name change, the avatar's upload and removal, the export
// of all the user's data and the account's deletion. Imports only types from the schemas.
import { apiRequest, callApi } from '@ringwise/api-client';
import { routes } from '../routes.ts';
import type { CurrentUser } from '../users/schema.ts';
import type { ProfileNamesPatch } from './schema.ts';

export type { AccountDeletion, ProfileNamesPatch, UserExport } from './schema.ts';
export * from './rules.ts';

/** The export's file name when the answer names none: ringwise-export-2026-11-26.json. */
const fallbackExportName = () => `ringwise-export-${new Date().toISOString().slice(0, 10)}.json`;

/** The file name of a Content-Disposition header (`attachment; filename="…"`), or null. */
export function attachmentFileName(header: string | null): string | null {
  const name = header?.match(/filename="([^"]+)"/i)?.[1] ?? header?.match(/filename=([^;\s]+)/i)?.[1];
  // only a plain name: never a path
  return name && /^[\w.-]+$/.test(name) ? name : null;
}

export const profileRequests = {
  /** PATCH /api/user/profile; answers the updated user. */
  updateNames: (body: ProfileNamesPatch) => callApi(routes.updateProfileNames, { body }),
  /**
   * PUT /api/user/avatar with the image itself as the body, declared as the file's own type; answers the updated
   * user. The api refuses more than 2 MB (413) and bytes that are not the declared PNG, JPEG or WebP (415).
   */
  uploadAvatar: async (image: Blob): Promise<CurrentUser> => {
    const res = await apiRequest(routes.uploadAvatar.method, routes.uploadAvatar.path, image);
    return (await res.json()) as CurrentUser;
  },
  /** DELETE /api/user/avatar; answers the updated user. */
  removeAvatar: () => callApi(routes.deleteAvatar, {}),
  /** GET /api/user/export: every stored thing about the user as a JSON file (the browser saves it), and its name. */
  exportData: async (): Promise<{ file: Blob; fileName: string }> => {
    const res = await apiRequest(routes.exportUserData.method, routes.exportUserData.path);
    const fileName = attachmentFileName(res.headers.get('content-disposition')) ?? fallbackExportName();
    return { file: await res.blob(), fileName };
  },
  /** DELETE /api/user with the user's e-mail address as confirmation; 204. */
  deleteAccount: (email: string) => callApi(routes.deleteAccount, { body: { confirm: email } }),
};
