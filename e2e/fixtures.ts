// A fresh user per test, signed up through the real Auth endpoints, with its session stored the way the
// auth client stores it, so the page starts signed in.
import { test as base, expect, type APIRequestContext } from '@playwright/test';

export interface TestUser {
  email: string;
  password: string;
}

export function newTestUser(): TestUser {
  return { email: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`, password: 'correct horse battery' };
}

export async function signUpThroughApi(request: APIRequestContext, user: TestUser): Promise<unknown> {
  const res = await request.post('/auth/v1/signup', { data: { email: user.email, password: user.password } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

export const test = base.extend<{ signedIn: TestUser }>({
  signedIn: async ({ page, request }, use) => {
    const user = newTestUser();
    const session = await signUpThroughApi(request, user);
    await page.addInitScript((stored) => {
      if (!window.localStorage.getItem('ringwise-auth')) window.localStorage.setItem('ringwise-auth', stored);
    }, JSON.stringify(session));
    await use(user);
  },
});

export { expect };
