// E-mail through nodemailer: to the SMTP server of SMTP_URL when it is set, otherwise as .eml files in
// DATA_DIR/mail (one file per message, readable by any mail program), so the same code runs everywhere.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { MailerOptions } from './config.ts';

export type { MailerOptions };
import { assertNoOpenTransaction } from '../db/transaction-scope.ts';

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

/** An SMTP URL without its credentials, for logs. */
export function redactSmtpUrl(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.href.replace(/\/$/, '');
}

export function createMailer({ smtpUrl, from, mailDir }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      destination: redactSmtpUrl(smtpUrl),
      async send(message) {
        assertNoOpenTransaction('The SMTP server');
        await transport.sendMail({ from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  let sequence = 0;
  return {
    destination: mailDir,
    async send(message) {
      assertNoOpenTransaction('The mail folder');
      const info = await transport.sendMail({ from, ...message });
      await mkdir(mailDir, { recursive: true });
      // sortable by time, unique within the process, and never a name taken from the message
      sequence = (sequence + 1) % 1_000_000;
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${String(sequence).padStart(6, '0')}.eml`;
      await writeFile(join(mailDir, name), info.message as Buffer);
    },
  };
}
