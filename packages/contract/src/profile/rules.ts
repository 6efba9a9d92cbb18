// The profile settings' rules (issue #14, /profile-settings): name lengths, the avatar's size and types, the
// account deletion's confirmation, and their messages. Plain data, the same in the browser and in the api.

/** A first or last name: at most this many characters (the database allows more; this is what the api stores). */
export const maxNameLength = 100;

/** An avatar image: at most 2 MB. */
export const maxAvatarBytes = 2 * 1024 * 1024;

/** The image types an avatar may be, by the Content-Type the upload declares (the bytes must agree). */
export const avatarContentTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type AvatarContentType = (typeof avatarContentTypes)[number];

/** Where the app serves an avatar it stores: `${avatarPathPrefix}<id>` (public, unguessable, never changes). */
export const avatarPathPrefix = '/api/avatars/';

export const profileMessages = {
  notAnObject: 'Send the names as a JSON object with firstName and/or lastName.',
  nothingToChange: 'Send firstName, lastName or both.',
  unknownKey: (key: string) => `"${key}" cannot be changed here: send firstName, lastName or both.`,
  nameInvalid: (field: 'firstName' | 'lastName') => `${field} must be text of at most ${maxNameLength} characters, or null to clear it.`,
  nameControl: (field: 'firstName' | 'lastName') => `${field} must not contain control characters.`,
  avatarTooLarge: `The image is larger than ${maxAvatarBytes / 1024 / 1024} MB. Choose a smaller one.`,
  avatarType: 'Upload a PNG, JPEG or WebP image (Content-Type image/png, image/jpeg or image/webp).',
  avatarMismatch: 'The file is not the PNG, JPEG or WebP image it claims to be.',
  avatarEmpty: 'The upload is empty: send the image as the request body.',
  avatarNotFound: 'No such avatar.',
  confirmRequired: 'To delete your account, send { "confirm": "<your e-mail address>" }.',
  confirmMismatch: 'The confirmation does not match your e-mail address: nothing was deleted.',
} as const;
