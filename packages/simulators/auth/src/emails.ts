// The e-mails of the local auth server: the links that confirm an e-mail change. GoTrue sends one message per
// address (the new one, and with secure e-mail change the current one too), each with its own link to
// GET /auth/v1/verify?token=…&type=email_change&redirect_to=…; the words here are Ringwise's own.
import { escapeHtml } from '@ringwise/html';
import type { MailMessage } from './ports.ts';


export interface EmailChangeMail {
  /** Who receives this one: the new address or the current one. */
  to: string;
  currentEmail: string;
  newEmail: string;
  /** The confirmation link. */
  link: string;
}

export function emailChangeEmail({ to, currentEmail, newEmail, link }: EmailChangeMail): MailMessage {
  const toNew = to === newEmail;
  const paragraphs = [
    'Hi,',
    toNew
      ? `Someone asked to use ${newEmail} as the sign-in address of the Ringwise account ${currentEmail}. Open the link below to confirm that this address is yours.`
      : `Someone asked to change the sign-in address of your Ringwise account from ${currentEmail} to ${newEmail}. Open the link below to confirm the change from this address.`,
    'The link works once. If you did not ask for this, ignore this message and nothing changes.',
  ];
  const action = toNew ? 'Confirm your new email address' : 'Confirm the email address change';
  const text = [...paragraphs, `${action}: ${link}`, '', '— Ringwise'].join('\n\n');
  const html =
    `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">` +
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>` +
    `<p>— Ringwise</p></body></html>`;
  return { to, subject: toNew ? 'Confirm your new email address' : 'Confirm the change of your email address', text, html };
}
