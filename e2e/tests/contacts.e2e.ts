import { expect, newTestUser, signedInWithCredit, signUpThroughApi, test } from '../fixtures.ts';

test('add, edit, favorite, search and delete a contact', async ({ page, signedIn: _user }) => {
  await page.goto('/home/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts', exact: true })).toBeVisible();
  await expect(page.getByText('No contacts yet')).toBeVisible();

  // add
  await page.getByRole('button', { name: 'Add Contact' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Add Contact' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Contact' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Phone number is required')).toBeVisible();
  await dialog.getByLabel('Name').fill('Ada Lovelace');
  await dialog.getByLabel('Phone number').fill('12');
  await dialog.getByRole('button', { name: 'Add Contact' }).click();
  await expect(dialog.getByText('Please enter a valid phone number')).toBeVisible();
  await dialog.getByLabel('Phone number').fill('415 555 0123');
  await dialog.getByLabel('Email (optional)').fill('ada@example.com');
  await dialog.getByRole('button', { name: 'Add Contact' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Contact created').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ada Lovelace', level: 3 })).toBeVisible();

  // a second contact, then a duplicate number is refused with the server's message
  await page.getByRole('button', { name: 'Add Contact' }).first().click();
  await page.getByRole('dialog').getByLabel('Name').fill('Charles Babbage');
  await page.getByRole('dialog').getByLabel('Phone number').fill('415 555 0199');
  await page.getByRole('dialog').getByRole('button', { name: 'Add Contact' }).click();
  await expect(page.getByRole('heading', { name: 'Charles Babbage', level: 3 })).toBeVisible();
  await page.getByRole('button', { name: 'Add Contact' }).first().click();
  await page.getByRole('dialog').getByLabel('Name').fill('Ada again');
  await page.getByRole('dialog').getByLabel('Phone number').fill('(415) 555-0123');
  await page.getByRole('dialog').getByRole('button', { name: 'Add Contact' }).click();
  await expect(page.getByRole('dialog').getByText(/already have a contact with this number/)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  // edit
  await page.getByRole('button', { name: 'Edit Ada Lovelace' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('Ada King');
  await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('heading', { name: 'Ada King', level: 3 })).toBeVisible();

  // favorite: Favorites come first
  await page.getByRole('button', { name: 'Favorite Charles Babbage' }).click();
  const favorites = page.getByRole('region', { name: 'Favorites' });
  await expect(favorites.getByRole('heading', { name: 'Charles Babbage', level: 3 })).toBeVisible();

  // search by name, by digits, and no result
  const search = page.getByRole('searchbox', { name: 'Search contacts' }).or(page.getByLabel('Search contacts')).first();
  await search.fill('king');
  await expect(page.getByRole('heading', { name: 'Ada King', level: 3 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Charles Babbage', level: 3 })).toHaveCount(0);
  await search.fill('5550199');
  await expect(page.getByRole('heading', { name: 'Charles Babbage', level: 3 })).toBeVisible();
  await search.fill('nobody at all');
  await expect(page.getByText('No contacts found')).toBeVisible();
  await search.fill('');

  // delete asks first
  page.once('dialog', (confirm) => {
    expect(confirm.message()).toBe('Delete contact "Ada King"?');
    void confirm.accept();
  });
  await page.getByRole('button', { name: 'Delete Ada King' }).click();
  await expect(page.getByRole('heading', { name: 'Ada King', level: 3 })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Charles Babbage', level: 3 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ada King', level: 3 })).toHaveCount(0);
});

test('a long address book loads 50 at a time as the list is scrolled', async ({ page, request }) => {
  const session = (await signUpThroughApi(request, newTestUser())) as { access_token: string };
  const headers = { authorization: `Bearer ${session.access_token}` };
  for (let i = 0; i < 60; i++) {
    const res = await request.post('/api/contacts', { headers, data: { displayName: `Person ${String(i).padStart(2, '0')}`, primaryNumber: `+4420794600${String(i).padStart(2, '0')}` } });
    expect(res.status()).toBe(201);
  }
  await page.addInitScript((stored) => window.localStorage.setItem('ringwise-auth', stored), JSON.stringify(session));
  await page.goto('/home/contacts');
  const cards = page.getByRole('heading', { level: 3 });
  await expect(cards).toHaveCount(50);
  await page.getByRole('button', { name: 'Load more contacts' }).scrollIntoViewIfNeeded();
  await expect(cards).toHaveCount(60);
  await expect(page.getByRole('button', { name: 'Load more contacts' })).toHaveCount(0);
});

test("the dialer loads the contacts' and numbers' widgets only when used: picker, match and From", async ({ page, request }) => {
  const session = (await signUpThroughApi(request, newTestUser())) as { access_token: string };
  const headers = { authorization: `Bearer ${session.access_token}` };
  const created = await request.post('/api/contacts', { headers, data: { displayName: 'Ada Lovelace', primaryNumber: '+14155550123' } });
  expect(created.status()).toBe(201);
  const widgetFiles: string[] = [];
  page.on('request', (req) => {
    if (/__federation_expose_widgets__(contact|caller_id)/.test(req.url())) widgetFiles.push(req.url());
  });
  await page.addInitScript((stored) => window.localStorage.setItem('ringwise-auth', stored), JSON.stringify(session));
  await page.goto('/home');
  const from = page.getByRole('combobox', { name: 'From' });
  await expect(from).toHaveText('Public Number');
  await expect(page.getByRole('button', { name: '5' })).toBeVisible();
  await page.waitForTimeout(1500);
  expect(widgetFiles).toEqual([]);

  // the picker (another remote's sheet, opened from the dialer's own button) hands the contact to the dialer
  const contactsButton = page.getByRole('button', { name: 'Contacts', exact: true });
  await contactsButton.click();
  const sheet = page.getByRole('dialog', { name: 'Contacts' });
  await expect(sheet.getByRole('button', { name: /Ada Lovelace/ })).toBeVisible();
  // closed with Escape, the focus is back on the button that opened it
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(contactsButton).toBeFocused();
  await contactsButton.click();
  await sheet.getByRole('button', { name: /Ada Lovelace/ }).click();
  await expect(sheet).toHaveCount(0);
  await expect(page.getByLabel('Phone number')).toHaveValue(/415\D*555\D*0123/);
  // the number is a saved contact's: its name shows under the field
  await expect(page.getByText('Ada Lovelace').first()).toBeVisible();

  // From: the real select opens on the first click, and gives the focus back when closed
  await from.click();
  await expect(page.getByRole('option', { name: 'Public Number' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', { name: 'From' })).toBeFocused();
  expect(widgetFiles.some((url) => url.includes('caller_id_select'))).toBe(true);
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a contact card's Call places the call on the first press; while the dialer connects it says the call will start", async ({ page, request }) => {
    test.setTimeout(90_000);
    const session = await signedInWithCredit(page, request);
    const created = await request.post('/api/contacts', { headers: { authorization: `Bearer ${session.access_token}` }, data: { displayName: 'Ada Lovelace', primaryNumber: '+14155550100' } });
    expect(created.status()).toBe(201);
    const call = page.getByRole('dialog');
    const hangUp = async () => {
      await expect(call.getByTestId('call-status')).toHaveText('Connected', { timeout: 20_000 });
      await call.getByRole('button', { name: /End Call/ }).click();
      await expect(call.getByTestId('call-status')).toHaveText('Call Ended');
      await expect(call).toHaveCount(0, { timeout: 10_000 });
    };

    // a fresh page, the dialer's code not loaded yet: one press calls
    await page.goto('/home/contacts');
    await page.getByRole('button', { name: 'Call Ada Lovelace' }).click();
    await expect(page).toHaveURL('/home');
    await hangUp();

    // the calling device slow to start (its token held back): the dialer says what the call waits for, then calls
    let releaseToken = () => {};
    const tokenHeld = new Promise<void>((resolve) => (releaseToken = resolve));
    await page.route('**/api/twilio/token', async (route) => {
      await tokenHeld;
      await route.continue();
    });
    await page.goto('/home/contacts');
    await page.getByRole('button', { name: 'Call Ada Lovelace' }).click();
    const waiting = page.getByRole('status', { name: 'Your call' });
    await expect(waiting).toHaveText(/Connecting… your call to \+1 \(415\) 555-0100 will start when the dialer is ready\./);
    await expect(page.getByLabel('Phone number')).toHaveValue('4155550100');
    await expect(waiting).toBeInViewport();
    await page.waitForTimeout(1500);
    await expect(call).toHaveCount(0);
    releaseToken();
    await expect(waiting).toHaveCount(0, { timeout: 20_000 });
    await hangUp();
  });
});
