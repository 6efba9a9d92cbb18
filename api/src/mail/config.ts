// SMTP_URL and MAIL_FROM (ARCHITECTURE.md §4): where e-mail goes and who it is from.
import { join } from 'node:path';
import { ConfigError, type Env } from '../config.ts';

export interface MailerOptions {
  /** smtp:// or smtps:// URL; unset: .eml files in `mailDir`. */
  smtpUrl?: string;
  /** The From header, e.g. "Ringwise <no-reply@ringwise.app>". */
  from: string;
  /** Where .eml files go without SMTP (DATA_DIR/mail). */
  mailDir: string;
}

export function loadMailConfig(env: Env, options: { dataDir: string; publicUrl: string }): MailerOptions {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl !== undefined) {
    let protocol: string;
    try {
      protocol = new URL(smtpUrl).protocol;
    } catch {
      throw new ConfigError(`SMTP_URL must be a URL such as smtp://user:password@mail.example.com:587, got "${smtpUrl}"`);
    }
    if (protocol !== 'smtp:' && protocol !== 'smtps:') throw new ConfigError(`SMTP_URL must use smtp: or smtps:, got "${protocol}"`);
  }
  const from = env.MAIL_FROM?.trim() || `Ringwise <no-reply@${new URL(options.publicUrl).hostname}>`;
  if (/[\r\n]/.test(from)) throw new ConfigError('MAIL_FROM must be one line');
  return { smtpUrl, from, mailDir: join(options.dataDir, 'mail') };
}
