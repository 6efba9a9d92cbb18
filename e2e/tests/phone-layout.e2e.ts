// The signed-in app on a phone (390 px) and from the keyboard (issue: hardening): no view wider than the screen,
// even with a contact whose name and e-mail are very long; no serious accessibility violation on any view; not one
// console warning or error on any view, for a user whose calling device starts on every page; the focus back on
// whatever opened a dialog or menu; the first HTML of the pages the shell renders titled.
import AxeBuilder from '@axe-core/playwright';
import { consoleOf, expect, newTestUser, signUpThroughApi, test, topUpThroughSimulator } from '../fixtures.ts';

const views = ['/home', '/home/calls', '/home/contacts', '/home/transactions', '/home/rates', '/home/settings', '/profile-settings'];
const longName = 'Bartholomew-Maximilian Featherstonehaugh-Cholmondeley the Third of Somewhere Very Far Away Indeed and Beyond';
const longEmail = `${'averyveryverylongmailbox'.repeat(4)}@an-example-company-with-a-long-domain.example.com`;

// The trace recorder's snapshots count as user gestures: with it the page would have had one from the start, and
// what an untouched page logs before the first (an AudioContext not allowed to start) would never show.
test.use({ viewport: { width: 390, height: 844 }, trace: 'off' });

test('at 390 px no signed-in view scrolls sideways, says nothing on the console, and axe finds nothing serious', async ({ page, request }) => {
  test.setTimeout(120_000);
  const session = (await signUpThroughApi(request, newTestUser())) as { access_token: string };
  const headers = { authorization: `Bearer ${session.access_token}` };
  const created = await request.post('/api/contacts', {
    headers,
    data: { displayName: longName, primaryNumber: '+442079460000', email: longEmail },
  });
  expect(created.status()).toBe(201);
  // a virtual number: the calling device starts on every signed-in page (registered for incoming calls), with
  // its sounds, before the user has touched the page
  await topUpThroughSimulator(request, session.access_token, '10.00');
  const found = await request.post('/api/virtual-numbers/search', { headers, data: { country: 'US', searchType: 'starts_with', numberType: 'local' } });
  const [available] = (await found.json()) as Array<{ phoneNumber: string; price: string }>;
  const bought = await request.post('/api/virtual-numbers/purchase', { headers, data: { phoneNumber: available!.phoneNumber, country: 'US', price: available!.price } });
  expect(bought.status(), await bought.text()).toBe(201);
  await page.addInitScript((stored) => window.localStorage.setItem('ringwise-auth', stored), JSON.stringify(session));
  const problems = consoleOf(page);

  for (const view of views) {
    // nothing touches the page until its calling device has registered (its signalling socket open): every
    // Playwright query counts as a user gesture
    const registering = page.waitForEvent('websocket', { predicate: (socket) => socket.url().endsWith('/signal') });
    await page.goto(view);
    await registering;
    await page.waitForTimeout(1000);
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
    if (view === '/home/contacts') await expect(page.getByRole('heading', { name: longName })).toBeVisible();
    // the late parts (other remotes' widgets, the call overlay) are in too
    await page.waitForTimeout(1200);
    const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(width, `${view} is ${width} px wide`).toBeLessThanOrEqual(390);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${view}: ${v.id} (${v.nodes.length})`)).toEqual([]);
    expect(problems, `the console on ${view}`).toEqual([]);
  }
  // the contact's actions stay on screen
  await page.goto('/home/contacts');
  for (const name of [`Favorite ${longName}`, `Edit ${longName}`, `Delete ${longName}`]) {
    const box = await page.getByRole('button', { name }).boundingBox();
    expect(box && box.x + box.width <= 390, name).toBe(true);
  }
  expect(problems).toEqual([]);
});

test("the dialer's number field shows an international number whole beside the country code, its placeholder inside the padding", async ({ page, signedIn: _user }) => {
  await page.goto('/home');
  const field = page.getByLabel('Phone number');
  /** How wide the field's text (or its placeholder) is drawn, and the room inside its padding. */
  const fit = () =>
    field.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const drawn = input.value ? style : getComputedStyle(input, '::placeholder');
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${drawn.fontWeight} ${drawn.fontSize} ${drawn.fontFamily}`;
      context.letterSpacing = drawn.letterSpacing;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: context.measureText(input.value || input.placeholder).width, room, fontSize: parseFloat(drawn.fontSize), scrolls: input.scrollWidth > input.clientWidth };
    });
  const empty = await fit();
  expect(empty.text, "'Enter phone number' inside the padding").toBeLessThanOrEqual(empty.room);
  expect(empty.fontSize).toBeGreaterThanOrEqual(12);

  await field.fill('+44 7911 123456');
  await expect(page.getByRole('button', { name: /^Country code: \+44/ })).toBeVisible();
  await expect(field).toHaveValue(/^7911 ?123456$/);
  for (const number of ['7911 123456', '015123456789', '+2348012345678']) {
    await field.fill(number);
    const typed = await fit();
    expect(typed.scrolls, `${number} scrolls in the field`).toBe(false);
    expect(typed.text, `${number} inside the padding`).toBeLessThanOrEqual(typed.room);
    expect(typed.fontSize, `${number} readable`).toBeGreaterThanOrEqual(16);
  }
  // the picker, the field and the contacts button side by side, on the screen
  const boxes = await Promise.all([page.getByRole('button', { name: /^Country code/ }), field, page.getByRole('button', { name: 'Contacts', exact: true })].map((l) => l.boundingBox()));
  expect(boxes.every((box) => box && box.x >= 0 && box.x + box.width <= 390 && Math.abs(box.y - boxes[1]!.y) < 8)).toBe(true);
});

test('the delete-account dialog wraps a long e-mail address at its @, never inside a word', async ({ page, request }) => {
  const user = { ...newTestUser(), email: `alexandra.konstantinopoulou-${Date.now() % 100_000}@example-company.co.uk` };
  const session = await signUpThroughApi(request, user);
  await page.addInitScript((stored) => window.localStorage.setItem('ringwise-auth', stored), JSON.stringify(session));
  await page.goto('/profile-settings');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByLabel(`Type your e-mail address, ${user.email}, to confirm`)).toBeVisible();
  // the lines each part of the address is drawn on: the part before the @ on one, the part from it on one
  const lines = await dialog.locator('label').evaluate((label, email) => {
    const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
    const linesOf = (text: string) => {
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf(text);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + text.length);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      }
      return 0;
    };
    const at = email.lastIndexOf('@');
    return [linesOf(email.slice(0, at)), linesOf(email.slice(at))];
  }, user.email);
  expect(lines).toEqual([1, 1]);
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
});

test('the focus returns to whatever opened a dialog or menu, from the keyboard', async ({ page, signedIn: _user }) => {
  await page.goto('/home/contacts');
  const add = page.getByRole('button', { name: 'Add Contact' }).first();
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(add).toBeFocused();

  // after a save the list re-renders: the focus still lands on the button that opened the dialog
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Ada Lovelace');
  await dialog.getByLabel('Phone number').fill('415 555 0123');
  await dialog.getByRole('button', { name: 'Add Contact' }).press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(add).toBeFocused();
  const edit = page.getByRole('button', { name: 'Edit Ada Lovelace' });
  await edit.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').getByLabel('Name').fill('Ada King');
  await page.getByRole('dialog').getByRole('button', { name: /Save/ }).press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit Ada King' })).toBeFocused();

  // the avatar keeps the focus when its menu's code arrives, and the menu gives it back
  const avatar = page.getByRole('button', { name: 'Account menu' });
  await avatar.focus();
  await page.waitForTimeout(800);
  await expect(avatar).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(avatar).toBeFocused();
});

test('the header balance says the amount to a screen reader', async ({ page, signedIn: _user }) => {
  await page.goto('/home');
  await expect(page.getByRole('link', { name: 'Balance $0.00: balance and transactions' })).toBeVisible();
});

test('without JavaScript, the pages the shell renders have their title, and the signed-in ones noindex', async ({ request }) => {
  for (const [path, title, noindex] of [
    ['/sign-in', 'Sign In | Ringwise', false],
    ['/sign-up', 'Sign Up | Ringwise', false],
    ['/checkout', 'Checkout | Ringwise', true],
    ['/home/contacts', 'Contacts | Ringwise', true],
  ] as const) {
    const res = await request.get(path);
    const html = await res.text();
    expect(html, path).toContain(`<title>${title}</title>`);
    expect(html.includes('<meta name="robots" content="noindex, nofollow">'), path).toBe(noindex);
  }
});
