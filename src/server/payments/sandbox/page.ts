import { createHash } from 'node:crypto';
import { formatToman } from '../../../lib/money';

/**
 * The sandbox's payment page. It must never be mistaken for a bank: the title, a banner and the buttons
 * say "test payment" in Persian and English, and no card number is asked for.
 */
export const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function testPaymentPage(opts: {
  gateway: string;
  amountRials: number;
  reference: string;
  payAction: string;
  cancelAction: string;
  hidden: Record<string, string>;
}): string {
  const hidden = Object.entries(opts.hidden)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  return `<!doctype html>
<html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>پرداخت آزمایشی — Test payment (${esc(opts.gateway)})</title>
<style>
body{font-family:Vazirmatn,Tahoma,sans-serif;background:#fff8e1;margin:0;padding:2rem;color:#222}
.box{max-width:32rem;margin:auto;background:#fff;border:3px dashed #e65100;border-radius:12px;padding:1.5rem}
.banner{background:#e65100;color:#fff;padding:.5rem 1rem;border-radius:8px;font-weight:bold;text-align:center}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{color:#666}
.actions{display:flex;gap:1rem;margin-top:1.5rem}button{flex:1;font:inherit;padding:.8rem;border-radius:8px;border:0;cursor:pointer}
.pay{background:#2e7d32;color:#fff}.cancel{background:#c62828;color:#fff}
[lang=en]{direction:ltr;text-align:left}
</style></head>
<body><main class="box">
<p class="banner">پرداخت آزمایشی — هیچ پولی جابه‌جا نمی‌شود</p>
<p class="banner" lang="en">Test payment — no money moves</p>
<h1>درگاه آزمایشی ${esc(opts.gateway)} <span lang="en">(${esc(opts.gateway)} sandbox)</span></h1>
<dl><dt>مبلغ / Amount</dt><dd id="amount">${esc(formatToman(opts.amountRials, 'fa'))} (${esc(String(opts.amountRials))} ریال / rials)</dd>
<dt>شناسه / Reference</dt><dd><code>${esc(opts.reference)}</code></dd></dl>
<div class="actions">
<form method="post" action="${esc(opts.payAction)}">${hidden}<button class="pay" type="submit" name="choice" value="pay">پرداخت آزمایشی موفق — Pay (test)</button></form>
<form method="post" action="${esc(opts.cancelAction)}">${hidden}<button class="cancel" type="submit" name="choice" value="cancel">انصراف / ناموفق — Fail / cancel (test)</button></form>
</div></main></body></html>`;
}

/** The one script of the sandbox's pages: the auto-post below (its hash is in the sandbox's policy). */
export const AUTO_POST_SCRIPT = 'document.forms[0].submit()';

/**
 * The sandbox's own Content-Security-Policy, as a bank's pages have theirs: inline styles, the
 * auto-post script by its hash (no inline event handlers), forms (and the redirects they lead to)
 * only to this server and the shop's public address, where the callbacks are.
 */
export function sandboxPolicy(publicBaseUrl: string): string {
  const shop = new URL(publicBaseUrl).origin;
  return `default-src 'none'; style-src 'unsafe-inline'; script-src '${sha256(AUTO_POST_SCRIPT)}'; form-action 'self' ${shop}; base-uri 'none'; frame-ancestors 'none'`;
}

function sha256(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

/** Sadad returns the browser with a form POST; this page posts itself (a button stays for no-script). */
export function autoPostPage(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  return `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><title>بازگشت به فروشگاه — Returning to the shop (test payment)</title></head>
<body><form method="post" action="${esc(action)}">${inputs}
<p>پرداخت آزمایشی — در حال بازگشت به فروشگاه… / Test payment — returning to the shop…</p><button type="submit">ادامه / Continue</button></form><script>${AUTO_POST_SCRIPT}</script></body></html>`;
}

export function errorPage(text: string): string {
  return `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><title>پرداخت آزمایشی — Test payment</title></head><body><p>${esc(text)}</p></body></html>`;
}
