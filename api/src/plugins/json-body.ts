// Every /api request body is a JSON object (the contract has no other kind). Elysia would read an array or a
// bare value as an empty object before validating it, and the client would hear about a missing field
// instead of what it did wrong, so such a body is refused here first.
import { Elysia } from 'elysia';
import { HttpError } from './errors.ts';

export const notAnObjectMessage = 'Send the request body as a JSON object.';

export const jsonObjectBody = () =>
  new Elysia({ name: 'plugin.json-object-body' }).onTransform({ as: 'global' }, ({ body, path }) => {
    if (!path.startsWith('/api/') || body === undefined) return;
    if (typeof body !== 'object' || body === null || Array.isArray(body) || body instanceof ArrayBuffer) {
      throw new HttpError(400, 'bad_request', notAnObjectMessage);
    }
  });
