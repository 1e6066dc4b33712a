/**
 * The one look of every shop mail: the store's name on its blue band, right-to-left Persian
 * (dir="rtl" lang="fa") or left-to-right English, Vazirmatn when the reader has it and Tahoma/Arial
 * otherwise (mail clients do not load web fonts reliably), inline styles only (clients drop <style>
 * rules), and a plain-text twin with the same content for clients that show no HTML.
 */
import type { ContentLocale } from '~/lib/locales';

export type MailLocale = ContentLocale;

export const BRAND = {
  blue: '#0b5cad',
  blueDark: '#084785',
  accent: '#f59e0b',
  text: '#1f2937',
  muted: '#6b7280',
  line: '#e5e7eb',
} as const;

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export interface MailTable {
  head: string[];
  rows: string[][];
  /** Rows under the lines: label and value (totals). */
  foot?: [string, string][];
}

export interface MailContent {
  locale: MailLocale;
  storeName: string;
  baseUrl: string;
  title: string;
  paragraphs: string[];
  table?: MailTable;
  button?: { label: string; href: string };
  /** Small print at the bottom (why they got the mail, how to stop marketing mail). */
  footer?: string[];
  unsubscribeUrl?: string;
}

const font = 'Vazirmatn, Tahoma, Arial, sans-serif';

export function renderMail(m: MailContent): { html: string; text: string } {
  const rtl = m.locale === 'fa';
  const dir = rtl ? 'rtl' : 'ltr';
  const align = rtl ? 'right' : 'left';
  const p = (s: string) => `<p style="margin:0 0 12px;line-height:1.9">${escapeHtml(s)}</p>`;
  const cell = (s: string, tag: 'td' | 'th') =>
    `<${tag} style="padding:6px 8px;border-bottom:1px solid ${BRAND.line};text-align:${align};${tag === 'th' ? `background:#f3f6fa;color:${BRAND.blueDark};` : ''}"><bdi>${escapeHtml(s)}</bdi></${tag}>`;
  const table = m.table
    ? `<table role="presentation" dir="${dir}" style="width:100%;border-collapse:collapse;margin:8px 0 16px;font-size:14px">` +
      `<thead><tr>${m.table.head.map((h) => cell(h, 'th')).join('')}</tr></thead>` +
      `<tbody>${m.table.rows.map((r) => `<tr>${r.map((c) => cell(c, 'td')).join('')}</tr>`).join('')}</tbody>` +
      (m.table.foot?.length
        ? `<tfoot>${m.table.foot.map(([k, v]) => `<tr><td colspan="${Math.max(1, m.table!.head.length - 1)}" style="padding:6px 8px;text-align:${align};font-weight:bold">${escapeHtml(k)}</td><td style="padding:6px 8px;text-align:${align};font-weight:bold"><bdi>${escapeHtml(v)}</bdi></td></tr>`).join('')}</tfoot>`
        : '') +
      '</table>'
    : '';
  const button = m.button
    ? `<p style="margin:20px 0"><a href="${escapeHtml(m.button.href)}" style="display:inline-block;background:${BRAND.blue};color:#ffffff;text-decoration:none;padding:10px 22px;border-radius:6px;font-weight:bold">${escapeHtml(m.button.label)}</a></p>` +
      `<p dir="ltr" style="margin:0 0 12px;font-size:12px;color:${BRAND.muted};word-break:break-all;text-align:${align}">${escapeHtml(m.button.href)}</p>`
    : '';
  const footer = [...(m.footer ?? [])];
  const footerHtml =
    footer.map((f) => `<p style="margin:0 0 6px">${escapeHtml(f)}</p>`).join('') +
    (m.unsubscribeUrl
      ? `<p style="margin:0"><a href="${escapeHtml(m.unsubscribeUrl)}" style="color:${BRAND.muted}">${rtl ? 'لغو اشتراک خبرنامه' : 'Unsubscribe'}</a></p>`
      : '');
  const html =
    `<!doctype html><html dir="${dir}" lang="${m.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(m.title)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f3f4f6;font-family:${font};color:${BRAND.text}">` +
    `<div dir="${dir}" style="max-width:600px;margin:0 auto;padding:16px;text-align:${align};font-family:${font}">` +
    `<div style="background:${BRAND.blue};color:#ffffff;padding:14px 20px;border-radius:8px 8px 0 0;border-bottom:4px solid ${BRAND.accent}">` +
    `<a href="${escapeHtml(m.baseUrl)}" style="color:#ffffff;text-decoration:none;font-size:20px;font-weight:bold">${escapeHtml(m.storeName)}</a></div>` +
    `<div style="background:#ffffff;padding:20px;border-radius:0 0 8px 8px;font-size:15px">` +
    `<h1 style="font-size:18px;margin:0 0 16px;color:${BRAND.blueDark}">${escapeHtml(m.title)}</h1>` +
    m.paragraphs.map(p).join('') +
    table +
    button +
    '</div>' +
    `<div style="padding:12px 4px;font-size:12px;color:${BRAND.muted}">${footerHtml}</div>` +
    '</div></body></html>';

  const textTable = m.table
    ? [m.table.head.join(' | '), ...m.table.rows.map((r) => r.join(' | ')), ...(m.table.foot ?? []).map(([k, v]) => `${k}: ${v}`)].join(
        '\n',
      )
    : '';
  const text =
    [
      m.storeName,
      '',
      m.title,
      '',
      ...m.paragraphs.flatMap((s) => [s, '']),
      ...(textTable ? [textTable, ''] : []),
      ...(m.button ? [`${m.button.label}: ${m.button.href}`, ''] : []),
      ...footer,
      ...(m.unsubscribeUrl ? [`${rtl ? 'لغو اشتراک' : 'Unsubscribe'}: ${m.unsubscribeUrl}`] : []),
    ]
      .join('\n')
      .trim() + '\n';
  return { html, text };
}
