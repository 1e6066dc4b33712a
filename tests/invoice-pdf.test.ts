import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { orderLines, orders, payments } from '../src/server/db/schema';
import { loadInvoiceView } from '../src/server/invoices/invoice-view';
import { renderInvoicePdf } from '../src/server/invoices/render';
import { freshDatabase } from './support/database';
import { insertConfirmedOrder, insertCustomer } from './support/orders';

/**
 * A paid invoice rendered to PDF from rows in a real database, then read back with poppler's
 * pdftotext (apt package poppler-utils) to check what a customer would read on it.
 */
const hasPoppler = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let database: Database;
let dir: string;
const config = loadConfig({ NODE_ENV: 'test' });

beforeAll(async () => {
  database = await freshDatabase();
  dir = mkdtempSync(join(tmpdir(), 'qateh-invoice-'));
});
afterAll(async () => {
  await database?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function paidOrder() {
  const db = database.db;
  const userId = await insertCustomer(db);
  const order = await insertConfirmedOrder(db, { userId, total: 11_790_000 });
  await db.insert(orderLines).values([
    {
      orderId: order.id,
      product: { slug: 'lm358p', name: 'LM358P', nameFa: 'آی‌سی LM358P آپ‌امپ دوبل', partNumber: 'LM358P' },
      requestedQuantity: 10,
      quantity: 10,
      unitPrice: 45_000,
      lineTotal: 450_000,
    },
    {
      orderId: order.id,
      product: { slug: 'uno', name: 'Arduino Uno R3', nameFa: 'برد آردوینو Arduino Uno R3', partNumber: 'A000066' },
      requestedQuantity: 1,
      quantity: 1,
      unitPrice: 12_650_000,
      lineTotal: 12_650_000,
    },
    {
      orderId: order.id,
      product: { slug: 'gone', name: 'Gone', nameFa: 'کالای ناموجود', partNumber: 'GONE-1' },
      requestedQuantity: 5,
      quantity: 0,
      unitPrice: 1000,
      lineTotal: 0,
      available: false,
    },
  ]);
  const paidAt = new Date('2026-11-22T10:15:00Z');
  await db
    .update(orders)
    .set({ status: 'paid', type: 'f', paidAt, subtotal: 13_100_000, discount: 1_310_000, shipping: 0, vat: 973_394, total: 11_790_000 })
    .where(eq(orders.id, order.id));
  await db.insert(payments).values({
    orderId: order.id,
    gateway: 'zarinpal',
    amount: 11_790_000,
    status: 'SUCCEED',
    authority: `A${String(order.id).padStart(35, '1')}`,
    refId: '201000123',
    verifiedAt: paidAt,
  });
  return order;
}

describe('paid invoice PDF', () => {
  it('is only made for a paid order', async () => {
    const userId = await insertCustomer(database.db);
    const unpaid = await insertConfirmedOrder(database.db, { userId, total: 100_000 });
    expect(await loadInvoiceView(database.db, unpaid.id, config)).toBeNull();
    expect(await loadInvoiceView(database.db, 987_654, config)).toBeNull();
  });

  it('renders a PDF with the Persian font embedded', async () => {
    const order = await paidOrder();
    const view = (await loadInvoiceView(database.db, order.id, config))!;
    expect(view.lines.map((l) => l.partNumber)).toEqual(['LM358P', 'A000066']); // unavailable lines are not invoiced
    const pdf = await renderInvoicePdf(view);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+Vazirmatn/);
  });

  it.skipIf(!hasPoppler)('reads back as the invoice: store, numbers, Jalali date, toman amounts, lines, totals', async () => {
    const order = await paidOrder();
    const view = (await loadInvoiceView(database.db, order.id, config))!;
    const file = join(dir, 'invoice.pdf');
    writeFileSync(file, await renderInvoicePdf(view));
    // pdftotext wraps right-to-left text in bidi controls; drop them and compare words.
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/[\u202a-\u202e\u200e\u200f]/g, '');
    const toFa = (s: string) => s.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    for (const expected of [
      'قطعه',
      'فاکتور',
      'فروش',
      'مشخصات',
      'خریدار',
      'مریم',
      'احمدی',
      'مالیات',
      'تومان',
      'زرین',
      'پال',
      toFa(order.factorNumber.replace(/\D/g, '')),
      order.trackingCode,
      '۱۴۰۵/۰۹/۰۱', // 22 November 2026 in the Jalali calendar
      'LM358P',
      'A000066',
      'Arduino',
      'support@qateh.example',
      '۴۵٬۰۰۰',
      '۱٬۲۶۵٬۰۰۰',
      '۱٬۳۱۰٬۰۰۰',
      '۱۳۱٬۰۰۰',
      '۱٬۱۷۹٬۰۰۰',
      '۹۷٬۳۳۹',
      '۲۰۱۰۰۰۱۲۳',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('GONE-1');
    expect(execFileSync('pdffonts', [file], { encoding: 'utf8' })).toMatch(
      /Vazirmatn-Bold[\s\S]*Vazirmatn-Regular|Vazirmatn-Regular[\s\S]*Vazirmatn-Bold/,
    );
  });
});
