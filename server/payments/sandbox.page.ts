import type { PaymentStatus } from '../../contracts/order';
import { escapeHtml } from '../services/mail-html';
import { amountText } from './provider';

const MERCHANT = 'Labsongs';

const money = (centavos: number, currency: string): string => {
  try {
    return new Intl.NumberFormat('en-PH', { style: 'currency', currency }).format(centavos / 100);
  } catch {
    return `${currency} ${amountText(centavos)}`;
  }
};

// Inline styles only (the CSP allows 'unsafe-inline' for styles, never for scripts); no script at all.
const style = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f4f1ec;color:#1f1a17;
    font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
  main{width:min(28rem,calc(100% - 2rem));background:#fff;border-radius:12px;padding:2rem;
    box-shadow:0 2px 12px rgba(0,0,0,.08)}
  .badge{display:inline-block;font-size:.75rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase;
    background:#fde8c8;color:#7a3e00;border-radius:999px;padding:.15rem .6rem}
  h1{font-size:1.35rem;margin:.75rem 0 1rem}
  dl{display:grid;grid-template-columns:auto 1fr;gap:.35rem 1rem;margin:0 0 1.5rem}
  dt{color:#6b625c}
  dd{margin:0;font-weight:600;text-align:right;overflow-wrap:anywhere}
  .amount{font-size:1.5rem}
  form{display:grid;gap:.6rem}
  button{font:inherit;font-weight:600;border-radius:8px;padding:.7rem 1rem;cursor:pointer;border:1px solid transparent}
  button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
  .pay{background:#14532d;color:#fff}
  .fail{background:#fff;color:#991b1b;border-color:#991b1b}
  .cancel{background:#fff;color:#1f1a17;border-color:#8a817b}
  p{margin:0 0 1rem}
  a{color:#1d4ed8}
`;

const page = (title: string, body: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;

export interface SandboxPageData {
  txnid: string;
  refno: string | null;
  orderReference: string;
  amountCentavos: number;
  currency: string;
  status: PaymentStatus;
  /** Where the "back" link of a payment that is already settled goes. */
  returnUrl: string;
  /** A tip to the artist of the order (server/payments/tips.ts): said so, and no chargeback to simulate. */
  tip?: boolean;
}

/** What a settled payment's page says: a sentence per status ("already succeeded" is not English). */
const settledText: Record<Exclude<PaymentStatus, 'pending' | 'voided'>, string> = {
  succeeded: 'This payment has already gone through.',
  failed: 'This payment has already failed. Go back to Labsongs to try again.',
  cancelled: 'This payment was cancelled. Go back to Labsongs to try again.',
  expired: 'This payment has expired. Go back to Labsongs to try again.',
  refunded: 'This payment has been refunded.',
  charged_back: 'This payment was reversed by a chargeback.',
  held: 'This payment did not match the order; Labsongs is checking it.',
};

/** The sandbox's pay page: merchant, amount, references and Pay / Fail / Cancel (a plain form). */
export function sandboxPayPage(data: SandboxPageData): string {
  const details = `
<span class="badge">Sandbox · no real money</span>
<h1>Pay ${escapeHtml(MERCHANT)}</h1>
<dl>
  <dt>Merchant</dt><dd>${escapeHtml(MERCHANT)}</dd>
  <dt>Amount</dt><dd class="amount">${escapeHtml(money(data.amountCentavos, data.currency))}</dd>
  <dt>${data.tip ? 'Tip for order' : 'Order'}</dt><dd>${escapeHtml(data.orderReference)}</dd>
  <dt>Reference</dt><dd>${escapeHtml(data.refno ?? data.txnid)}</dd>
</dl>`;
  if (data.status === 'voided') {
    return page(
      `Checkout closed · ${MERCHANT} sandbox`,
      `${details}
<h2>This checkout is closed</h2>
<p>The order was already paid or cancelled, so this payment can no longer be made. Nothing was charged.</p>
<p><a href="${escapeHtml(data.returnUrl)}">Back to Labsongs</a></p>`,
    );
  }
  if (data.status === 'succeeded') {
    return page(
      `Payment succeeded · ${MERCHANT} sandbox`,
      `${details}
<p>${escapeHtml(settledText.succeeded)}</p>
<p><a href="${escapeHtml(data.returnUrl)}">Back to Labsongs</a></p>${
        data.tip
          ? ''
          : `
<form method="post" action="/payments/sandbox/${escapeHtml(data.txnid)}">
  <button class="fail" type="submit" name="action" value="chargeback">Simulate a chargeback</button>
</form>`
      }`,
    );
  }
  if (data.status !== 'pending') {
    return page(
      `Payment ${data.status.replace(/_/g, ' ')} · ${MERCHANT} sandbox`,
      `${details}
<p>${escapeHtml(settledText[data.status])}</p>
<p><a href="${escapeHtml(data.returnUrl)}">Back to Labsongs</a></p>`,
    );
  }
  return page(
    `Pay ${money(data.amountCentavos, data.currency)} · ${MERCHANT} sandbox`,
    `${details}
<form method="post" action="/payments/sandbox/${escapeHtml(data.txnid)}">
  <button class="pay" type="submit" name="action" value="pay">Pay ${escapeHtml(money(data.amountCentavos, data.currency))}</button>
  <button class="fail" type="submit" name="action" value="fail">Simulate a failed payment</button>
  <button class="cancel" type="submit" name="action" value="cancel">Cancel</button>
</form>`,
  );
}

/** A short page for a missing payment or a malformed request. */
export function sandboxMessagePage(title: string, message: string): string {
  return page(`${title} · ${MERCHANT} sandbox`, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}
