// Avatars stored by the app, in the database (several api processes share only PostgreSQL): the upload is the
// image itself as the body of PUT /api/user/avatar, its type decided by its first bytes (the declared
// Content-Type must agree), at most 2 MB. Each upload gets a new random id, so its public address
// /api/avatars/<id> never changes content and is cached for a year.
import { avatarPathPrefix, maxAvatarBytes, profileMessages as messages, type AvatarContentType } from '@ringwise/contract/profile';
import type { Database, Sql } from '../../db/database.ts';
import { isUuid } from '../../lib/uuid.ts';
import { HttpError } from '../../plugins/errors.ts';
import { readBody } from '../../plugins/request-body.ts';
import { mediaTypeOf } from '../../plugins/request-limits.ts';
import { getCurrentUser } from '../users/service.ts';
import type { CurrentUser } from '../users/model.ts';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

/** The image type of these bytes by their magic numbers (PNG, JPEG, WebP), or null for anything else. */
export function sniffImageType(bytes: Uint8Array): AvatarContentType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF <size> WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export interface AvatarUpload {
  contentType: AvatarContentType;
  bytes: Uint8Array;
}

/** Reads and checks the upload: 413 over 2 MB (even without Content-Length), 400 empty, 415 when the bytes are not the declared type. */
export async function readAvatarUpload(request: Request): Promise<AvatarUpload> {
  const declared = mediaTypeOf(request.headers.get('content-type'));
  const bytes = await readBody(request, maxAvatarBytes, messages.avatarTooLarge);
  if (bytes.length === 0) throw new HttpError(400, 'bad_request', messages.avatarEmpty);
  const actual = sniffImageType(bytes);
  if (actual === null || actual !== declared) throw new HttpError(415, 'unsupported_media_type', messages.avatarMismatch);
  return { contentType: actual, bytes };
}

export const avatarUrl = (id: string) => `${avatarPathPrefix}${id}`;

/** Replaces the user's avatar (one per user) and points the profile at it, in the user's own transaction. */
export async function saveAvatar(sql: Sql, userId: string, upload: AvatarUpload): Promise<CurrentUser> {
  // the old one goes first (the unique index allows one); its trigger clears the profile image that showed it
  await sql.query('delete from public.avatars where user_id = $1', [userId]);
  const [row] = await sql.query<{ id: string }>(
    `insert into public.avatars (user_id, content_type, image) values ($1, $2, decode($3, 'base64')) returning id::text as id`,
    [userId, upload.contentType, Buffer.from(upload.bytes).toString('base64')],
  );
  await sql.query('update public.users set profile_image_url = $2 where id = $1', [userId, avatarUrl(row!.id)]);
  return getCurrentUser(sql, userId);
}

/** Removes the user's avatar and clears the profile image (whatever it was). */
export async function removeAvatar(sql: Sql, userId: string): Promise<CurrentUser> {
  await sql.query('delete from public.avatars where user_id = $1', [userId]);
  await sql.query('update public.users set profile_image_url = null where id = $1', [userId]);
  return getCurrentUser(sql, userId);
}

/** Cached by browsers and shared caches for a year: an id never changes content. */
export const avatarCacheControl = 'public, max-age=31536000, immutable';

/** GET /api/avatars/<id>: the image with its type, or 404. Anyone with the address may see it (it is unguessable). */
export async function avatarResponse(db: Pick<Database, 'privileged'>, id: string): Promise<Response> {
  const notFound = new HttpError(404, 'not_found', messages.avatarNotFound);
  if (!isUuid(id)) throw notFound;
  const [row] = await db.privileged((sql) =>
    sql.query<{ content_type: string; image: Uint8Array }>('select content_type, image from public.avatars where id = $1', [id.toLowerCase()]),
  );
  if (!row) throw notFound;
  return new Response(new Uint8Array(row.image), {
    headers: {
      'content-type': row.content_type,
      'content-length': String(row.image.byteLength),
      'x-content-type-options': 'nosniff',
      'cache-control': avatarCacheControl,
      // an image, never a document: nothing in it runs even if opened directly
      'content-security-policy': "default-src 'none'; sandbox",
      'content-disposition': 'inline',
    },
  });
}
