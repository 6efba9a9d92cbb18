import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMailer, loadMailConfig, redactSmtpUrl } from './index.ts';

class ConfigError extends Error {}
const fail = (message: string) => new ConfigError(message);

const dir = mkdtempSync(join(tmpdir(), 'ringwise-mail-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('createMailer without SMTP', () => {
  test('writes each message as an .eml file a mail program opens', async () => {
    const mailer = createMailer({ from: 'Ringwise <no-reply@ringwise.test>', mailDir: join(dir, 'mail') });
    await mailer.send({ to: 'ada@example.com', subject: 'Your Ringwise receipt: $25.00 added', text: 'Hi,\n\nThanks.', html: '<p>Hi,</p>' });
    await mailer.send({ to: 'bob@example.com', subject: 'Second', text: 'Two' });
    const files = readdirSync(join(dir, 'mail')).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const first = readFileSync(join(dir, 'mail', files[0]!), 'utf8');
    expect(first).toContain('From: Ringwise <no-reply@ringwise.test>');
    expect(first).toContain('To: ada@example.com');
    expect(first).toContain('Subject: Your Ringwise receipt: $25.00 added');
    expect(first).toContain('Content-Type: text/html');
  });
});

describe('mail configuration', () => {
  test('SMTP_URL when set (smtp: or smtps:), else .eml files in DATA_DIR/mail; MAIL_FROM defaults to the public host', () => {
    expect(loadMailConfig({}, { dataDir: '/data', publicUrl: 'https://ringwise.app' })).toEqual({
      smtpUrl: undefined,
      from: 'Ringwise <no-reply@ringwise.app>',
      mailDir: '/data/mail',
    });
    expect(loadMailConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: 'Billing <b@x.test>' }, { dataDir: '/d', publicUrl: 'http://localhost:3000' })).toMatchObject({
      smtpUrl: 'smtps://u:p@mail.example.com:465',
      from: 'Billing <b@x.test>',
    });
    expect(() => loadMailConfig({ SMTP_URL: 'http://mail.example.com' }, { dataDir: '/d', publicUrl: 'http://localhost:3000' }, fail)).toThrow(ConfigError);
    expect(() => loadMailConfig({ SMTP_URL: 'not a url' }, { dataDir: '/d', publicUrl: 'http://localhost:3000' }, fail)).toThrow(ConfigError);
    expect(() => loadMailConfig({ MAIL_FROM: 'a\nBcc: x@y' }, { dataDir: '/d', publicUrl: 'http://localhost:3000' }, fail)).toThrow(ConfigError);
  });

  test('a program checks each message before it goes (the api: never with a transaction open)', async () => {
    const checked: string[] = [];
    const mailer = createMailer({ from: 'a@b.test', mailDir: join(dir, 'checked'), beforeSend: (to) => void checked.push(to) });
    await mailer.send({ to: 'c@d.test', subject: 'S', text: 'T' });
    expect(checked).toEqual(['folder']);
  });

  test('credentials never reach the logs', () => {
    expect(redactSmtpUrl('smtp://user:secret@mail.example.com:587')).toBe('smtp://mail.example.com:587');
  });
});
