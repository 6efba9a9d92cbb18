// The billing e-mails: a receipt for every payment credited, the low-balance alert (with roughly how many
// minutes the balance still buys), and the notice of an auto-recharge that failed. Plain text with a simple
// HTML twin; amounts are formatted on their exact decimal strings.
import { escapeHtml } from '@ringwise/html';
import { minutesAvailable } from '@ringwise/contract/decimal';
import { formatRate, formatUsd } from '@ringwise/ui/format';
import type { MailMessage } from '../../mail/mailer.ts';

export interface MinutesEstimate {
  minutes: number;
  /** What the minutes are to: "United Kingdom (mobile)" or "the United States". */
  destination: string;
  /** Price per minute, exact ("0.032000"). */
  rate: string;
}

// e-mails are read anywhere: times in UTC, said so
const utcDateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

const greeting = (firstName: string | null) => (firstName?.trim() ? `Hi ${firstName.trim()},` : 'Hi,');

function message(to: string, subject: string, paragraphs: string[], link?: { text: string; href: string }): MailMessage {
  const text = [...paragraphs, ...(link ? [`${link.text}: ${link.href}`] : []), '', '— Ringwise'].join('\n\n');
  const html =
    `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">` +
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    (link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : '') +
    `<p>— Ringwise</p></body></html>`;
  return { to, subject, text, html };
}

/** Whole minutes a balance buys at a per-minute price, on exact decimals ("4.00" at "0.032000" → 125). */
export function minutesFor(balance: string, ratePerMinute: string): number {
  return Number(minutesAvailable(balance, ratePerMinute) ?? 0n);
}

export function paymentReceiptEmail(input: {
  to: string;
  firstName: string | null;
  amount: string;
  balance: string;
  at: string;
  reference: string;
  automatic: boolean;
  publicUrl: string;
}): MailMessage {
  const what = input.automatic ? 'Your auto-recharge' : 'Your top-up';
  return message(
    input.to,
    `Your Ringwise receipt: ${formatUsd(input.amount)} added`,
    [
      greeting(input.firstName),
      `${what} of ${formatUsd(input.amount)} was paid on ${utcDateTime.format(new Date(input.at))} and added to your balance.`,
      `Your balance is now ${formatUsd(input.balance)}.`,
      `Payment reference: ${input.reference}`,
    ],
    { text: 'See your transactions', href: `${input.publicUrl}/home/transactions` },
  );
}

export function lowBalanceEmail(input: {
  to: string;
  firstName: string | null;
  balance: string;
  threshold: string;
  minutes: MinutesEstimate | null;
  publicUrl: string;
}): MailMessage {
  const estimate = input.minutes
    ? `That is about ${input.minutes.minutes.toLocaleString('en-US')} minutes of calls to ${input.minutes.destination} at ${formatRate(input.minutes.rate)}/min.`
    : 'Add credits to keep calling.';
  return message(
    input.to,
    `Your Ringwise balance is low: ${formatUsd(input.balance)}`,
    [
      greeting(input.firstName),
      `Your balance is ${formatUsd(input.balance)}, below your alert threshold of ${formatUsd(input.threshold)}.`,
      estimate,
      'You can change or turn off these alerts in Settings, Notifications.',
    ],
    { text: 'Add credits', href: `${input.publicUrl}/home/transactions` },
  );
}

export function autoRechargeFailedEmail(input: {
  to: string;
  firstName: string | null;
  amount: string;
  reason: string;
  balance: string;
  publicUrl: string;
}): MailMessage {
  return message(
    input.to,
    'Ringwise auto-recharge failed: no money was taken',
    [
      greeting(input.firstName),
      `We tried to add ${formatUsd(input.amount)} to your balance with your saved card, but the payment did not go through: ${input.reason}`,
      `No money was taken. Your balance is ${formatUsd(input.balance)}.`,
      'Update your payment method or add credits by hand to keep calling.',
    ],
    { text: 'Open billing settings', href: `${input.publicUrl}/home/settings` },
  );
}

// e-mails name dates only, in UTC
const utcDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export function numberRenewalFailedEmail(input: {
  to: string;
  firstName: string | null;
  phoneNumber: string;
  price: string;
  balance: string;
  graceEndsAt: string;
  publicUrl: string;
}): MailMessage {
  const releaseDate = utcDate.format(new Date(input.graceEndsAt));
  return message(
    input.to,
    `Action needed: your Ringwise number ${input.phoneNumber} could not be renewed`,
    [
      greeting(input.firstName),
      `This month's renewal of your virtual number ${input.phoneNumber} (${formatUsd(input.price)}) could not be paid: your balance is ${formatUsd(input.balance)}.`,
      `The number keeps working until ${releaseDate}. Add credit before then and it is renewed automatically; otherwise it is released on ${releaseDate} and may go to someone else.`,
    ],
    { text: 'Add credits', href: `${input.publicUrl}/home/transactions` },
  );
}

export function numberReleasedEmail(input: { to: string; firstName: string | null; phoneNumber: string; publicUrl: string }): MailMessage {
  return message(
    input.to,
    `Your Ringwise number ${input.phoneNumber} was released`,
    [
      greeting(input.firstName),
      `Your virtual number ${input.phoneNumber} was released because its renewal was not paid within the 7-day grace period.`,
      'You can get a new number at any time in Settings, Numbers.',
    ],
    { text: 'Open number settings', href: `${input.publicUrl}/home/settings` },
  );
}

/** A caller left a voicemail (issue 36): who, how long, and a link to Recent Calls, where it plays after signing in
 *  (the audio itself is never in the e-mail nor at a public address). */
export function voicemailEmail(input: { to: string; firstName: string | null; caller: string; durationSeconds: number; at: string; publicUrl: string }): MailMessage {
  const minutes = Math.floor(input.durationSeconds / 60);
  const seconds = String(input.durationSeconds % 60).padStart(2, '0');
  const caller = input.caller === 'unknown' || input.caller === '' ? 'an unknown caller' : input.caller;
  return message(
    input.to,
    `New voicemail from ${caller}`,
    [
      greeting(input.firstName),
      `${caller.charAt(0).toUpperCase()}${caller.slice(1)} left you a voicemail (${minutes}:${seconds}) on ${utcDateTime.format(new Date(input.at))}.`,
      'Sign in to Ringwise to listen to it in Recent Calls.',
    ],
    { text: 'Listen in Recent Calls', href: `${input.publicUrl}/home/calls` },
  );
}
