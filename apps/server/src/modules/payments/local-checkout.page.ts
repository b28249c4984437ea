import { formatDollars } from '@scrutineer/contracts';
import type { LocalCheckoutRow } from '../../platform/payments/index.js';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#121212;color:#eee}
.banner{background:#f9a825;color:#1b1b1b;text-align:center;padding:10px;font-weight:700;letter-spacing:.04em}
main{max-width:460px;margin:32px auto;padding:24px;background:#1e1e1e;border-radius:12px;box-shadow:0 4px 24px #0008}
h1{font-size:1.2rem;margin:0 0 4px}.amount{font-size:2rem;font-weight:700;color:#ce93d8;margin:8px 0}
.muted{color:#aaa;font-size:.9rem}label{display:block;margin:12px 0 4px;font-size:.85rem;color:#ccc}
input{width:100%;box-sizing:border-box;padding:10px;border-radius:6px;border:1px solid #555;background:#2a2a2a;color:#eee;font-size:1rem}
.row{display:flex;gap:8px}.row>div{flex:1}
button{margin-top:18px;width:100%;padding:12px;border:0;border-radius:6px;font-size:1rem;font-weight:700;cursor:pointer}
.pay{background:#9c27b0;color:#fff}.cancel{background:transparent;color:#ce93d8;border:1px solid #ce93d8}
.error{background:#b71c1c33;border:1px solid #e57373;color:#ffcdd2;padding:10px;border-radius:6px;margin-top:12px}
code{background:#333;padding:1px 4px;border-radius:4px}`;

/** The hosted checkout of the local provider, marked as test mode on every view. */
export function renderLocalCheckout(
  row: LocalCheckoutRow,
  options: { error?: string; values?: Record<string, string> } = {},
): string {
  const values = options.values ?? {};
  const value = (name: string, fallback = '') => escape(values[name] ?? fallback);
  const recurring = row.interval ? ` every ${row.interval}` : '';
  const closed =
    row.status !== 'open'
      ? `<p class="error">This checkout is ${row.status === 'paid' ? 'already paid' : 'canceled'}.</p>`
      : '';
  const form =
    row.status === 'open'
      ? `<form method="post" novalidate>
  <label for="card">Card number</label>
  <input id="card" name="card" inputmode="numeric" autocomplete="off" placeholder="4242 4242 4242 4242" value="${value('card')}">
  <div class="row"><div><label for="expiry">Expiry</label><input id="expiry" name="expiry" placeholder="12 / 34" value="${value('expiry')}"></div>
  <div><label for="cvc">CVC</label><input id="cvc" name="cvc" placeholder="123" value="${value('cvc')}"></div></div>
  <label for="name">Name on card</label><input id="name" name="name" value="${value('name')}">
  <label for="email">E-mail (for your receipt)</label><input id="email" name="email" type="email" value="${value('email', row.customerEmail ?? '')}">
  <label for="address">Address</label><input id="address" name="address" value="${value('address')}">
  <div class="row"><div><label for="city">City</label><input id="city" name="city" value="${value('city')}"></div>
  <div><label for="state">State</label><input id="state" name="state" value="${value('state')}"></div></div>
  <div class="row"><div><label for="zipCode">Zip code</label><input id="zipCode" name="zipCode" value="${value('zipCode')}"></div>
  <div><label for="country">Country</label><input id="country" name="country" value="${value('country', 'US')}"></div></div>
  <button class="pay" type="submit" name="action" value="pay">Pay ${escape(formatDollars(row.amountCents))}${escape(recurring)}</button>
  <button class="cancel" type="submit" name="action" value="cancel">Cancel and return</button>
</form>`
      : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Test checkout</title><style>${STYLE}</style></head>
<body><div class="banner" role="status">TEST MODE: no real card is charged</div>
<main><h1>${escape(row.description)}</h1>
<div class="amount">${escape(formatDollars(row.amountCents))}<span class="muted">${escape(recurring)}</span></div>
<p class="muted">Scrutineer's built-in checkout for running without a payment provider. Pay with test card <code>4242 4242 4242 4242</code> (any expiry and CVC); <code>4000 0000 0000 0002</code> is declined.</p>
${options.error ? `<p class="error" role="alert">${escape(options.error)}</p>` : ''}${closed}${form}
</main></body></html>`;
}
