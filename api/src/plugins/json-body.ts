// Every /api request body is a JSON object (the contract has no other kind). Elysia would read an array or a
// bare value as an empty object before validating it, and the client would hear about a missing field
// instead of what it did wrong, so such a body is refused here first. (The image upload is not JSON: its
// handler reads it, request-limits.ts.)
import { Elysia } from 'elysia';
import { HttpError } from './errors.ts';
import { rawBodyRouteOf } from './request-limits.ts';

export const notAnObjectMessage = 'Send the request body as a JSON object.';

export const jsonObjectBody = () =>
  new Elysia({ name: 'plugin.json-object-body' }).onTransform({ as: 'global' }, ({ body, path, request }) => {
    if (!path.startsWith('/api/') || body === undefined || rawBodyRouteOf(request.method, path)) return;
    if (typeof body !== 'object' || body === null || Array.isArray(body) || body instanceof ArrayBuffer) {
      throw new HttpError(400, 'bad_request', notAnObjectMessage);
    }
  });
