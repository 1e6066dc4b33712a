import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { formatTomanAmount } from '~/lib/money';
import { toPersianDigits } from '../../lib/persian';
import { VAT_PERCENT } from '../../lib/vat';
import type { InvoiceView } from './invoice-view';
import { drawRtlLine, wrapRtl } from './rtl-text';

/**
 * A paid invoice as an A4 PDF, set right-to-left in Vazirmatn (embedded, subset by pdfkit). Dates are
 * Jalali, amounts toman with Persian digits; the totals say that VAT is included in the prices.
 */
const fontDir = join(dirname(createRequire(import.meta.url).resolve('vazirmatn/package.json')), 'fonts', 'ttf');
const FONTS = { regular: join(fontDir, 'Vazirmatn-Regular.ttf'), bold: join(fontDir, 'Vazirmatn-Bold.ttf') };

export const toman = (rials: number) => formatTomanAmount(rials);
export const jalaliDate = (at: Date) =>
  new Intl.DateTimeFormat('fa-IR-u-ca-persian', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Asia/Tehran' }).format(at);
export const jalaliTime = (at: Date) =>
  new Intl.DateTimeFormat('fa-IR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Tehran' }).format(at);

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const INNER = PAGE.width - 2 * PAGE.margin;
const INK = '#222222';
const MUTED = '#666666';
const RULE = '#c8c8c8';
const HEAD_FILL = '#eef2f7';

/** Table columns from the right edge: number, item, quantity, unit price, line total. */
const COLUMNS = [
  { key: 'row', title: 'ردیف', width: 34, align: 'center' as const },
  { key: 'item', title: 'شرح کالا', width: INNER - 34 - 56 - 95 - 105, align: 'right' as const },
  { key: 'qty', title: 'تعداد', width: 56, align: 'center' as const },
  { key: 'unit', title: 'قیمت واحد (تومان)', width: 95, align: 'center' as const },
  { key: 'total', title: 'مبلغ کل (تومان)', width: 105, align: 'center' as const },
];

function columnX(index: number): number {
  let right = PAGE.width - PAGE.margin;
  for (let i = 0; i < index; i++) right -= COLUMNS[i]!.width;
  return right - COLUMNS[index]!.width;
}

export async function renderInvoicePdf(view: InvoiceView): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    lang: 'fa-IR',
    autoFirstPage: true,
    // Pages stay in memory until the end, so each can be numbered "page n of N" once N is known.
    bufferPages: true,
    info: { Title: `فاکتور ${view.factorNumber} — ${view.store.name}`, Author: view.store.nameEn, Subject: 'Invoice' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.registerFont('fa', FONTS.regular);
  doc.registerFont('fa-bold', FONTS.bold);

  const line = (
    text: string,
    x: number,
    y: number,
    width: number,
    opts: { size?: number; bold?: boolean; color?: string; align?: 'right' | 'left' | 'center' } = {},
  ) => {
    doc
      .font(opts.bold ? 'fa-bold' : 'fa')
      .fontSize(opts.size ?? 10)
      .fillColor(opts.color ?? INK);
    drawRtlLine(doc, text, { x, y, width, align: opts.align ?? 'right' });
  };
  const L = PAGE.margin;
  const R = PAGE.width - PAGE.margin;

  // Header: store on the right, invoice facts on the left.
  let y = PAGE.margin;
  line(view.store.name, L, y, INNER, { size: 20, bold: true });
  line('فاکتور فروش', L, y + 4, 200, { size: 16, bold: true, align: 'left' });
  y += 32;
  line(view.store.address, L + 220, y, INNER - 220, { size: 9, color: MUTED });
  line(`شماره فاکتور: ${toPersianDigits(view.factorNumber)}`, L, y, 210, { size: 10, align: 'left' });
  y += 15;
  line(`تلفن: ${view.store.phones.map(toPersianDigits).join(' ، ')}`, L + 220, y, INNER - 220, { size: 9, color: MUTED });
  line(`تاریخ: ${jalaliDate(view.paidAt)}  ساعت ${jalaliTime(view.paidAt)}`, L, y, 210, { size: 10, align: 'left' });
  y += 15;
  line(`ایمیل: ${view.store.email}`, L + 220, y, INNER - 220, { size: 9, color: MUTED });
  line(`کد رهگیری: ${view.trackingCode}`, L, y, 210, { size: 10, align: 'left' });
  y += 15;
  line(`وب‌سایت: ${view.store.website}`, L + 220, y, INNER - 220, { size: 9, color: MUTED });
  y += 22;
  doc.moveTo(L, y).lineTo(R, y).lineWidth(1).strokeColor(RULE).stroke();
  y += 10;

  // Buyer.
  line('مشخصات خریدار', L, y, INNER, { size: 11, bold: true });
  y += 18;
  const buyer = view.customer;
  line(buyer.company ? `نام شرکت: ${buyer.company}` : `نام: ${buyer.name}`, L + INNER / 2, y, INNER / 2, { size: 10 });
  line(`تلفن همراه: ${toPersianDigits(buyer.mobile)}`, L, y, INNER / 2 - 10, { size: 10 });
  y += 16;
  if (buyer.company) {
    line(`تحویل‌گیرنده: ${buyer.name}`, L + INNER / 2, y, INNER / 2, { size: 10 });
    y += 16;
  }
  if (buyer.nationalId || buyer.economicCode) {
    const idLabel = buyer.nationalId?.length === 11 ? 'شناسه ملی' : 'کد ملی';
    if (buyer.nationalId) line(`${idLabel}: ${toPersianDigits(buyer.nationalId)}`, L + INNER / 2, y, INNER / 2, { size: 10 });
    if (buyer.economicCode) line(`کد اقتصادی: ${toPersianDigits(buyer.economicCode)}`, L, y, INNER / 2 - 10, { size: 10 });
    y += 16;
  }
  for (const text of wrapRtl(
    doc.font('fa').fontSize(10),
    `نشانی: ${view.customer.address}${view.customer.postCode ? ` — کد پستی: ${toPersianDigits(view.customer.postCode)}` : ''}`,
    INNER,
  )) {
    line(text, L, y, INNER, { size: 10 });
    y += 15;
  }
  line(`روش ارسال: ${view.shippingMethod}`, L, y, INNER, { size: 10 });
  y += 24;

  // Lines.
  const header = () => {
    doc.rect(L, y, INNER, 22).fill(HEAD_FILL);
    COLUMNS.forEach((col, i) => line(col.title, columnX(i) + 4, y + 5, col.width - 8, { size: 9, bold: true, align: col.align }));
    y += 22;
  };
  header();
  view.lines.forEach((item, index) => {
    doc.font('fa').fontSize(9.5);
    const nameLines = wrapRtl(doc, item.name, COLUMNS[1]!.width - 10);
    // The customer's designators or reference, so the goods can be put on the right places of the board.
    doc.fontSize(8);
    const referenceLines = item.reference ? wrapRtl(doc, `مرجع: ${item.reference}`, COLUMNS[1]!.width - 10) : [];
    doc.fontSize(9.5);
    const height = 8 + nameLines.length * 14 + 13 + referenceLines.length * 11;
    if (y + height > PAGE.height - PAGE.margin - 150) {
      doc.addPage();
      y = PAGE.margin;
      header();
    }
    const cells = [toPersianDigits(index + 1), '', toPersianDigits(item.quantity), toman(item.unitPrice), toman(item.total)];
    cells.forEach((text, i) => {
      if (text) line(text, columnX(i) + 4, y + 6, COLUMNS[i]!.width - 8, { size: 9.5, align: COLUMNS[i]!.align });
    });
    nameLines.forEach((text, k) => line(text, columnX(1) + 5, y + 6 + k * 14, COLUMNS[1]!.width - 10, { size: 9.5 }));
    line(item.partNumber, columnX(1) + 5, y + 6 + nameLines.length * 14, COLUMNS[1]!.width - 10, { size: 8, color: MUTED });
    referenceLines.forEach((text, k) =>
      line(text, columnX(1) + 5, y + 6 + nameLines.length * 14 + 12 + k * 11, COLUMNS[1]!.width - 10, { size: 8, color: MUTED }),
    );
    y += height;
    doc.moveTo(L, y).lineTo(R, y).lineWidth(0.5).strokeColor(RULE).stroke();
  });

  // Totals, under the two money columns.
  y += 12;
  const labelW = 150;
  const valueW = COLUMNS[4]!.width;
  const totalsX = L; // the money columns sit at the left edge in an RTL table
  const rows: [string, string, boolean][] = [
    ['جمع کالاها', toman(view.amounts.subtotal), false],
    ...(view.amounts.discount > 0 ? [['تخفیف', toman(view.amounts.discount), false] as [string, string, boolean]] : []),
    ['هزینه ارسال', view.amounts.shipping > 0 ? toman(view.amounts.shipping) : 'رایگان', false],
    ['مبلغ قابل پرداخت (تومان)', toman(view.amounts.total), true],
  ];
  for (const [label, value, strong] of rows) {
    if (strong) doc.rect(totalsX, y - 4, labelW + valueW, 22).fill(HEAD_FILL);
    line(label, totalsX + valueW, y, labelW - 6, { size: strong ? 11 : 10, bold: strong });
    line(value, totalsX, y, valueW - 6, { size: strong ? 11 : 10, bold: strong, align: 'left' });
    y += 20;
  }
  y += 4;
  line(`مالیات بر ارزش افزوده (${toPersianDigits(VAT_PERCENT)}٪) در قیمت‌ها منظور شده است: ${toman(view.amounts.vat)} تومان`, L, y, INNER, {
    size: 9,
    color: MUTED,
  });
  y += 24;

  // Payment.
  if (y > PAGE.height - PAGE.margin - 40) {
    doc.addPage();
    y = PAGE.margin;
  }
  if (view.payment) {
    line(
      `پرداخت شده — روش پرداخت: ${view.payment.method} — ${view.payment.referenceLabel}: ${toPersianDigits(view.payment.reference)}`,
      L,
      y,
      INNER,
      { size: 10, bold: true, color: '#1b5e20' },
    );
  } else {
    line('پرداخت شده', L, y, INNER, { size: 10, bold: true, color: '#1b5e20' });
  }
  y += 20;

  // Every page: the store and its address on the web, and "page n of N".
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin: without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    const footerY = PAGE.height - PAGE.margin - 12;
    line(`${view.store.name} — ${view.store.website}`, L, footerY, INNER, { size: 8, color: MUTED, align: 'right' });
    line(`صفحه ${toPersianDigits(i - start + 1)} از ${toPersianDigits(count)}`, L, footerY, 150, { size: 8, color: MUTED, align: 'left' });
  }

  doc.end();
  return done;
}
