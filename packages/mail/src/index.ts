// E-mail through nodemailer, the same way for every program of Ringwise that sends it (the api; the Supabase Auth
// stand-in, GoTrue's own mailer): to the SMTP server of SMTP_URL when it is set, otherwise as .eml files in
// DATA_DIR/mail (one file per message, readable by any mail program), so the same code runs everywhere.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Where messages go, for the start-up line: "smtp://mail.example.com:587" (no credentials) or the folder. */
  readonly destination: string;
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL; unset: .eml files in `mailDir`. */
  smtpUrl?: string;
  /** The From header, e.g. "Ringwise <no-reply@ringwise.app>". */
  from: string;
  /** Where .eml files go without SMTP (DATA_DIR/mail). */
  mailDir: string;
  /** Runs before each message is handed over (the api refuses to send with a transaction open). */
  beforeSend?: (destination: 'smtp' | 'folder') => void;
}

/** SMTP_URL and MAIL_FROM of `env`; `fail` makes the program's own configuration error. */
export function loadMailConfig(
  env: Record<string, string | undefined>,
  options: { dataDir: string; publicUrl: string },
  fail: (message: string) => Error = (message) => new Error(message),
): Pick<MailerOptions, 'smtpUrl' | 'from' | 'mailDir'> {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl !== undefined) {
    let protocol: string;
    try {
      protocol = new URL(smtpUrl).protocol;
    } catch {
      throw fail(`SMTP_URL must be a URL such as smtp://user:password@mail.example.com:587, got "${smtpUrl}"`);
    }
    if (protocol !== 'smtp:' && protocol !== 'smtps:') throw fail(`SMTP_URL must use smtp: or smtps:, got "${protocol}"`);
  }
  const from = env.MAIL_FROM?.trim() || `Ringwise <no-reply@${new URL(options.publicUrl).hostname}>`;
  if (/[\r\n]/.test(from)) throw fail('MAIL_FROM must be one line');
  return { smtpUrl, from, mailDir: join(options.dataDir, 'mail') };
}

/** An SMTP URL without its credentials, for logs. */
export function redactSmtpUrl(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.href.replace(/\/$/, '');
}

export function createMailer({ smtpUrl, from, mailDir, beforeSend }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      destination: redactSmtpUrl(smtpUrl),
      async send(message) {
        beforeSend?.('smtp');
        await transport.sendMail({ from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  let sequence = 0;
  return {
    destination: mailDir,
    async send(message) {
      beforeSend?.('folder');
      const info = await transport.sendMail({ from, ...message });
      await mkdir(mailDir, { recursive: true });
      // sortable by time, unique within the process, and never a name taken from the message
      sequence = (sequence + 1) % 1_000_000;
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${String(sequence).padStart(6, '0')}.eml`;
      await writeFile(join(mailDir, name), info.message as Buffer);
    },
  };
}
