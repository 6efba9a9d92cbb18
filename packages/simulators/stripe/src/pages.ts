// The simulator's hosted pages: Checkout (the session's `url`) and the customer portal (the portal session's
// `url`). Plain server-rendered HTML with a form: no script at all, one <style> carrying the response's CSP
// nonce, labels and error messages tied to their fields, usable from 320 px up. The form fields carry the
// ids of Stripe Checkout's own (`email`, `cardNumber`, `cardExpiry`, `cardCvc`, `billingName`).
import { escapeHtml, type HtmlPage, type SimulatorLook } from '@ringwise/simulator-common/page';
import { successRedirect, type CheckoutPageData, type PortalPageData } from './page-actions.ts';
import { testCards, type CardInput } from './model.ts';

export { escapeHtml, type HtmlPage };

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 2500 (cents) → "$25.00". */
export function formatAmount(cents: number): string {
  return usd.format(cents / 100);
}

// ── Checkout ────────────────────────────────────────────────────────────────────────────────────────────

/** What the customer typed, as the form sends it. */
export interface CheckoutForm {
  email: string;
  cardNumber: string;
  cardExpiry: string;
  cardCvc: string;
  billingName: string;
}

export type CheckoutField = keyof CheckoutForm;

export const emptyCheckoutForm: CheckoutForm = { email: '', cardNumber: '', cardExpiry: '', cardCvc: '', billingName: '' };

export function readCheckoutForm(body: URLSearchParams): CheckoutForm {
  const get = (name: CheckoutField) => (body.get(name) ?? '').slice(0, 200);
  return { email: get('email'), cardNumber: get('cardNumber'), cardExpiry: get('cardExpiry'), cardCvc: get('cardCvc'), billingName: get('billingName') };
}

export type CheckoutFieldErrors = Partial<Record<CheckoutField, string>>;

/**
 * Checks the form as Stripe's card form does, with its messages. A number that is complete but not one of the
 * simulator's test cards is "Your card number is incorrect." (Stripe's `incorrect_number`).
 */
export function validateCheckoutForm(
  form: CheckoutForm,
  options: { needEmail: boolean; now: Date },
): { card: CardInput; errors: null } | { card: null; errors: CheckoutFieldErrors } {
  const errors: CheckoutFieldErrors = {};
  const email = form.email.trim();
  if (options.needEmail) {
    if (email === '') errors.email = 'Your email is incomplete.';
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = 'Your email address is invalid.';
  }
  const number = form.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(number) || number.length < 16) errors.cardNumber = number === '' || /^\d+$/.test(number) ? 'Your card number is incomplete.' : 'Your card number is invalid.';
  else if (testCards[number] === undefined) errors.cardNumber = 'Your card number is incorrect.';
  const expiry = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(form.cardExpiry);
  let expMonth = 0;
  let expYear = 0;
  if (!expiry) errors.cardExpiry = "Your card's expiration date is incomplete.";
  else {
    expMonth = Number(expiry[1]);
    expYear = Number(expiry[2]);
    if (expYear < 100) expYear += 2000;
    const thisYear = options.now.getUTCFullYear();
    const thisMonth = options.now.getUTCMonth() + 1;
    if (expMonth < 1 || expMonth > 12) errors.cardExpiry = "Your card's expiration date is invalid.";
    else if (expYear < thisYear) errors.cardExpiry = "Your card's expiration year is in the past.";
    else if (expYear === thisYear && expMonth < thisMonth) errors.cardExpiry = "Your card's expiration date is in the past.";
    else if (expYear > thisYear + 50) errors.cardExpiry = "Your card's expiration year is invalid.";
  }
  if (!/^\d{3,4}$/.test(form.cardCvc.trim())) errors.cardCvc = "Your card's security code is incomplete.";
  const name = form.billingName.trim();
  if (name === '') errors.billingName = 'Enter the name on your card.';
  if (Object.keys(errors).length > 0) return { card: null, errors };
  return { card: { number, expMonth, expYear, name: name.slice(0, 100), email: email === '' ? null : email }, errors: null };
}

export interface CheckoutPageState {
  form: CheckoutForm;
  errors: CheckoutFieldErrors;
  /** A decline of a complete card ("Your card was declined."). */
  decline: string | null;
}

export function checkoutPage(data: CheckoutPageData, state: CheckoutPageState, options: { businessName: string; action: string }): HtmlPage {
  const { session, lineItems, knownEmail } = data;
  const business = escapeHtml(options.businessName);
  const total = formatAmount(session.amount_total ?? 0);
  if (session.status !== 'open') return closedCheckoutPage(data, options.businessName);
  const hasErrors = Object.keys(state.errors).length > 0;
  // after a decline the card number takes the focus, described by the decline message
  const firstInvalid = state.decline ? 'cardNumber' : (['email', 'cardNumber', 'cardExpiry', 'cardCvc', 'billingName'] as const).find((field) => state.errors[field]);
  const field = (name: CheckoutField, label: string, attrs: string) => {
    const error = state.errors[name];
    const describedBy = error
      ? ` aria-invalid="true" aria-describedby="${name}-error"`
      : state.decline && name === 'cardNumber'
        ? ' aria-describedby="payment-error"'
        : '';
    const focus = firstInvalid === name ? ' autofocus' : '';
    return (
      `<div class="field${error ? ' invalid' : ''}"><label for="${name}">${label}</label>` +
      `<input id="${name}" name="${name}" value="${escapeHtml(state.form[name])}" required${describedBy}${focus} ${attrs}>` +
      (error ? `<p class="field-error" id="${name}-error">${escapeHtml(error)}</p>` : '') +
      `</div>`
    );
  };
  const items = lineItems
    .map(
      (item) =>
        `<li><span class="item-name">${escapeHtml(item.name)}${item.quantity > 1 ? ` <span class="qty">× ${item.quantity}</span>` : ''}</span>` +
        `<span class="item-amount">${formatAmount(item.unitAmount * item.quantity)}</span></li>`,
    )
    .join('');
  const cancel = session.cancel_url
    ? `<a class="back" href="${escapeHtml(session.cancel_url)}"><span aria-hidden="true">←</span> Cancel and return to ${business}</a>`
    : '';
  const email = knownEmail
    ? `<p class="known-email"><span class="label">Email</span> <span>${escapeHtml(knownEmail)}</span></p>`
    : field('email', 'Email', 'type="email" autocomplete="email" inputmode="email" placeholder="email@example.com"');
  const alert = state.decline
    ? `<div class="alert" role="alert" id="payment-error">${escapeHtml(state.decline)}</div>`
    : hasErrors
      ? `<div class="alert" role="alert">Please check the highlighted fields.</div>`
      : '';
  const saving = data.saveCard
    ? `<p class="note">By paying, you allow ${business} to save this card and charge it later for the automatic top-ups you turn on. You can remove it in the billing portal.</p>`
    : '';
  const body = `<main class="checkout">
<section class="summary" aria-labelledby="summary-title">
${cancel}
<h1 id="summary-title"><span class="merchant">Pay ${business}</span> <span class="total">${total}</span></h1>
<ul class="items" aria-label="Order summary">${items}</ul>
<p class="total-row"><span>Total due</span> <span>${total}</span></p>
</section>
<section class="payment" aria-labelledby="payment-title">
<h2 id="payment-title">Pay with card</h2>
${alert}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${email}
<fieldset><legend>Card information</legend>
${field('cardNumber', 'Card number', 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23"')}
<div class="row">
${field('cardExpiry', 'Expiry date <span class="hint">(MM / YY)</span>', 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="7"')}
${field('cardCvc', 'Security code <span class="hint">(CVC)</span>', 'inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" maxlength="4"')}
</div>
</fieldset>
${field('billingName', 'Name on card', 'autocomplete="cc-name" placeholder="Full name on card" maxlength="100"')}
${saving}
<button type="submit" class="pay">Pay ${total}</button>
</form>
<details class="test-cards"><summary>Test cards</summary>
<ul>
<li><code>4242 4242 4242 4242</code> pays.</li>
<li><code>4000 0000 0000 0002</code> is declined.</li>
<li><code>4000 0000 0000 9995</code> pays here; later automatic top-ups with it fail (insufficient funds).</li>
</ul>
<p>Any future expiry date, any 3-digit CVC, any name.</p>
</details>
</section>
</main>`;
  // a re-rendered form is a page like any other (an error status would only add noise to the browser console)
  return { status: 200, title: `Pay ${options.businessName} ${total} · Checkout (test mode)`, body };
}

function closedCheckoutPage(data: CheckoutPageData, businessName: string): HtmlPage {
  const { session } = data;
  const business = escapeHtml(businessName);
  if (session.status === 'complete') {
    return {
      status: 200,
      title: `Payment complete · ${businessName}`,
      body: `<main class="message"><h1>Payment complete</h1><p>Your payment of ${formatAmount(session.amount_total ?? 0)} to ${business} went through.</p>
<p><a class="button" href="${escapeHtml(successRedirect(session))}">Return to ${business}</a></p></main>`,
    };
  }
  const back = session.cancel_url ? `<p><a class="button" href="${escapeHtml(session.cancel_url)}">Return to ${business}</a></p>` : '';
  return {
    status: 200,
    title: `Checkout expired · ${businessName}`,
    body: `<main class="message"><h1>This checkout session has expired</h1><p>Nothing was charged. Start a new payment from ${business}.</p>${back}</main>`,
  };
}

export function notFoundPage(): HtmlPage {
  return {
    status: 404,
    title: 'Page not found · Payment simulator',
    body: `<main class="message"><h1>Something went wrong</h1><p>The page you were looking for could not be found. Please check the link, or go back to the site you came from.</p></main>`,
  };
}

// ── Customer portal ────────────────────────────────────────────────────────────────────────────────────

export function portalPage(data: PortalPageData, options: { businessName: string; detachAction: (paymentMethodId: string) => string; notice: string | null }): HtmlPage {
  const business = escapeHtml(options.businessName);
  const back = data.session.return_url
    ? `<a class="back" href="${escapeHtml(data.session.return_url)}"><span aria-hidden="true">←</span> Return to ${business}</a>`
    : '';
  const cards = data.cards.length
    ? `<ul class="cards">${data.cards
        .map((pm) => {
          const card = pm.card;
          const label = `Visa ending in ${card.last4}`;
          return (
            `<li><span class="card-name">Visa •••• ${escapeHtml(card.last4)}</span>` +
            `<span class="card-expiry">Expires ${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year).slice(-2)}</span>` +
            `<form method="post" action="${escapeHtml(options.detachAction(pm.id))}"><button type="submit" class="link-button" aria-label="Remove ${label}">Remove</button></form></li>`
          );
        })
        .join('')}</ul>`
    : `<p>No saved cards.</p>`;
  const notice = options.notice ? `<div class="notice" role="status">${escapeHtml(options.notice)}</div>` : '';
  const email = data.customer.email ? `<p class="muted">${escapeHtml(data.customer.email)}</p>` : '';
  return {
    status: 200,
    title: `Billing · ${options.businessName}`,
    body: `<main class="portal">
${back}
<h1>${business} billing</h1>
${email}
${notice}
<section aria-labelledby="methods-title"><h2 id="methods-title">Payment methods</h2>${cards}</section>
</main>`,
  };
}

export const paymentPagesLook: SimulatorLook = {
  banner: 'Test mode: Ringwise payment simulator. No real card is charged.',
  styles: `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1f36;background:#fff}
.test-banner p{margin:0}
.test-banner{padding:6px 16px;background:#ffde92;color:#5a3600;font-size:13px;font-weight:600;text-align:center}
a{color:#4f46e5}
a:focus-visible,button:focus-visible,input:focus-visible,summary:focus-visible{outline:3px solid #4f46e5;outline-offset:2px}
.checkout{display:grid;gap:32px;max-width:980px;margin:0 auto;padding:24px 16px 48px}
@media (min-width:860px){.checkout{grid-template-columns:1fr 1fr;gap:64px;padding-top:56px}}
.back{display:inline-flex;gap:6px;align-items:center;margin-bottom:16px;font-size:14px;color:#4f566b;text-decoration:none}
.back:hover{text-decoration:underline}
h1{margin:0 0 16px;font-size:16px;font-weight:500;color:#4f566b}
h1 .total{display:block;margin-top:4px;font-size:36px;font-weight:600;color:#1a1f36;letter-spacing:-.5px}
h2{margin:0 0 16px;font-size:20px;font-weight:600}
.items{list-style:none;margin:0;padding:0;border-top:1px solid #e3e8ee}
.items li{display:flex;justify-content:space-between;gap:16px;padding:12px 0;border-bottom:1px solid #e3e8ee}
.item-name{font-weight:500}.qty{color:#4f566b;font-weight:400}
.total-row{display:flex;justify-content:space-between;margin:12px 0 0;font-weight:600}
fieldset{margin:0 0 16px;padding:0;border:0}
legend{padding:0;margin-bottom:8px;font-weight:500;font-size:14px}
.field{margin-bottom:12px}
label{display:block;margin-bottom:4px;font-size:14px;font-weight:500;color:#30313d}
.hint{font-weight:400;color:#4f566b}
input{width:100%;min-height:44px;padding:10px 12px;font:inherit;color:#1a1f36;background:#fff;border:1px solid #8792a2;border-radius:6px}
.invalid input{border-color:#c0123c;box-shadow:0 0 0 1px #c0123c}
.field-error{margin:4px 0 0;font-size:14px;color:#c0123c}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.known-email{margin:0 0 16px;font-size:14px}.known-email .label{display:block;font-weight:500}
.alert{margin:0 0 16px;padding:12px 14px;border-radius:6px;background:#fde8ec;color:#8a0b2b;font-weight:500}
.notice{margin:0 0 16px;padding:12px 14px;border-radius:6px;background:#e6f4ea;color:#0d5e27}
.note{font-size:14px;color:#4f566b}
.pay,.button{display:inline-block;width:100%;min-height:48px;padding:12px 16px;border:0;border-radius:6px;background:#4f46e5;color:#fff;font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
.pay:hover,.button:hover{background:#4338ca}
.test-cards{margin-top:24px;font-size:14px;color:#4f566b}
.test-cards summary{cursor:pointer;font-weight:500}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;color:#1a1f36}
.message,.portal{max-width:560px;margin:0 auto;padding:48px 16px}
.message h1,.portal h1{font-size:24px;font-weight:600;color:#1a1f36}
.muted{color:#4f566b;margin-top:-8px}
.cards{list-style:none;margin:0;padding:0;border-top:1px solid #e3e8ee}
.cards li{display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;padding:12px 0;border-bottom:1px solid #e3e8ee}
.card-name{font-weight:500;flex:1 1 auto}.card-expiry{color:#4f566b}
.cards form{margin:0}
.link-button{min-height:44px;padding:8px 12px;border:1px solid #8792a2;border-radius:6px;background:#fff;color:#c0123c;font:inherit;cursor:pointer}
`,
};
