// SMTP_URL and MAIL_FROM (ARCHITECTURE.md §4): where e-mail goes and who it is from (@ringwise/mail reads them).
import { loadMailConfig as loadPackageMailConfig, type MailerOptions } from '@ringwise/mail';
import { ConfigError, type Env } from '../config.ts';

export type { MailerOptions };

export function loadMailConfig(env: Env, options: { dataDir: string; publicUrl: string }): Omit<MailerOptions, 'beforeSend'> {
  return loadPackageMailConfig(env, options, (message) => new ConfigError(message));
}
