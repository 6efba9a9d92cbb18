// The api's e-mail: @ringwise/mail (SMTP_URL, else .eml files in DATA_DIR/mail), never sent with a database
// transaction open (db/transaction-scope.ts).
import { createMailer as createPackageMailer, type Mailer, type MailerOptions } from '@ringwise/mail';
import { assertNoOpenTransaction } from '../db/transaction-scope.ts';

export type { MailMessage, Mailer, MailerOptions } from '@ringwise/mail';
export { redactSmtpUrl } from '@ringwise/mail';

export function createMailer(options: Omit<MailerOptions, 'beforeSend'>): Mailer {
  return createPackageMailer({ ...options, beforeSend: (destination) => assertNoOpenTransaction(destination === 'smtp' ? 'The SMTP server' : 'The mail folder') });
}
