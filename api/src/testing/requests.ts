// Requests to the whole app in tests, as the browser and supabase-js send them: a JSON body and the bearer token.
import { expect } from 'bun:test';

type Handles = { handle(request: Request): Promise<Response> };
export type Call = (method: string, path: string, token?: string, body?: unknown) => Promise<Response>;

/** `call(method, path, token?, body?)` on the app `app()` returns (set in a beforeAll); a string body is sent as it is. */
export function jsonCaller(app: () => Handles, origin: string): Call {
  return (method, path, token, body) =>
    app().handle(
      new Request(`${origin}${path}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );
}

/** A new account through the local auth server's sign-up: its access token and id. */
export async function signUpAs(call: Call, email: string): Promise<{ token: string; id: string }> {
  const res = await call('POST', '/auth/v1/signup', undefined, { email, password: 'correct horse battery' });
  expect(res.status).toBe(200);
  const session = (await res.json()) as { access_token: string; user: { id: string } };
  return { token: session.access_token, id: session.user.id };
}
