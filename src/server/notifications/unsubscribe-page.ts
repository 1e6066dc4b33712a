/**
 * The page a newsletter's unsubscribe link opens. GET asks (link scanners that open every link in a mail
 * must not unsubscribe anyone); POST unsubscribes — the page's button, and the one-click POST mail
 * clients send for List-Unsubscribe-Post (RFC 8058). Answered by the server itself, in Persian and English.
 */
import type { Hono } from 'hono';
import type { AppDeps } from '../context';
import { NEWSLETTER_MESSAGES, unsubscribe } from '../services/forms/newsletter';
import { escapeHtml } from './mail/layout';
import { UNSUBSCRIBE_PAGE } from './newsletters';

function page(title: string, body: string, status: 200 | 404 = 200) {
  const html =
    `<!doctype html><html dir="rtl" lang="fa"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:Vazirmatn,Tahoma,Arial,sans-serif;background:#f3f4f6;color:#1f2937;margin:0"><main style="max-width:520px;margin:10vh auto;background:#fff;padding:24px;border-radius:8px;border-top:4px solid #0b5cad">` +
    `<h1 style="font-size:20px;color:#084785">${escapeHtml(title)}</h1>${body}</main></body></html>`;
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

export function mountUnsubscribePage(app: Hono, deps: AppDeps): void {
  app.get(UNSUBSCRIBE_PAGE, (c) => {
    const token = c.req.query('token') ?? '';
    if (!token) return page('پیوند نامعتبر', `<p>${escapeHtml(NEWSLETTER_MESSAGES.unknownToken)}</p>`, 404);
    return page(
      'لغو اشتراک خبرنامه',
      `<p>با زدن دکمه زیر دیگر خبرنامه ${escapeHtml(deps.config.STORE_NAME_FA)} را دریافت نمی‌کنید. ایمیل‌های سفارش‌هایتان همچنان فرستاده می‌شود.</p>` +
        `<p lang="en" dir="ltr">Press the button to stop receiving the ${escapeHtml(deps.config.STORE_NAME_EN)} newsletter. Order mails keep coming.</p>` +
        `<form method="post"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit" style="background:#0b5cad;color:#fff;border:0;border-radius:6px;padding:10px 22px;font:inherit;cursor:pointer">لغو اشتراک / Unsubscribe</button></form>`,
    );
  });
  app.post(UNSUBSCRIBE_PAGE, async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const token = c.req.query('token') || (typeof form.token === 'string' ? form.token : '');
    try {
      await unsubscribe(deps.db, token);
    } catch {
      return page('پیوند نامعتبر', `<p>${escapeHtml(NEWSLETTER_MESSAGES.unknownToken)}</p>`, 404);
    }
    return page(
      'اشتراک لغو شد',
      `<p>${escapeHtml(NEWSLETTER_MESSAGES.unsubscribed)}</p><p lang="en" dir="ltr">You are unsubscribed from the newsletter.</p>`,
    );
  });
}
