import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { bankReceipts, orderLines, orders } from '../src/server/db/schema';
import { loadInvoiceView } from '../src/server/invoices/invoice-view';
import { renderInvoicePdf } from '../src/server/invoices/render';
import { freshDatabase } from './support/database';
import { insertConfirmedOrder, insertCustomer } from './support/orders';

/**
 * The invoice of a company that paid by bank transfer, with forty lines: read back with pdftotext, it
 * must carry the company, its national ID and economic code, the address with province and city as the
 * checkout stored it, the receipt's tracking code, the store's details and web address, and page numbers.
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
const config = loadConfig({ NODE_ENV: 'test', PUBLIC_BASE_URL: 'https://shop.qateh.example' });
const toFa = (s: string | number) => String(s).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);

beforeAll(async () => {
  database = await freshDatabase();
  dir = mkdtempSync(join(tmpdir(), 'qateh-invoice-details-'));
});
afterAll(async () => {
  await database?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function companyOrderPaidByTransfer(lineCount: number) {
  const db = database.db;
  const userId = await insertCustomer(db, 'رضا کریمی');
  const order = await insertConfirmedOrder(db, { userId, total: 0 });
  const lines = Array.from({ length: lineCount }, (_, i) => ({
    orderId: order.id,
    product: { slug: `part-${i}`, name: `Part ${i}`, nameFa: `قطعه آزمایشی شماره ${i + 1}`, partNumber: `PN-${1000 + i}` },
    requestedQuantity: 2,
    quantity: 2,
    unitPrice: 15_000,
    requestedUnitPrice: 15_000,
    lineTotal: 30_000,
  }));
  await db.insert(orderLines).values(lines);
  const subtotal = 30_000 * lineCount;
  await db
    .update(orders)
    .set({
      status: 'paid',
      type: 'f',
      paidAt: new Date('2026-11-23T08:00:00Z'),
      subtotal,
      total: subtotal + 900_000,
      shipping: 900_000,
      shippingMethod: 'post',
      // The snapshot checkout stores: the address book's view, province and city as {id, name}.
      address: {
        id: 7,
        name: 'رضا کریمی',
        mobile: '09131234567',
        province: { id: 4, name: 'اصفهان' },
        city: { id: 88, name: 'کاشان' },
        address: 'خیابان امیرکبیر، کوچه ۱۲، پلاک ۳',
        postCode: '8715678901',
      },
      buyer: { company: 'شرکت الکترونیک نمونه', nationalId: '10380284790', economicCode: '411111111111' },
    })
    .where(eq(orders.id, order.id));
  await db.insert(bankReceipts).values({
    orderId: order.id,
    userId,
    name: 'رضا کریمی',
    paymentDate: new Date('2026-11-22T10:00:00Z'),
    price: subtotal + 900_000,
    factorNumber: order.factorNumber.replace(/\D/g, ''),
    trackingCode: '778899001',
    accountNumber: '0101234567',
    status: 'accepted',
    reviewedAt: new Date(),
  });
  return order;
}

describe('invoice PDF details', () => {
  it('carries the official-invoice IDs, the place, the payment and the store in its view', async () => {
    const order = await companyOrderPaidByTransfer(3);
    const view = (await loadInvoiceView(database.db, order.id, config))!;
    expect(view.customer).toMatchObject({
      company: 'شرکت الکترونیک نمونه',
      nationalId: '10380284790',
      economicCode: '411111111111',
      name: 'رضا کریمی',
    });
    expect(view.customer.address).toBe('استان اصفهان، شهر کاشان، خیابان امیرکبیر، کوچه ۱۲، پلاک ۳');
    expect(view.payment).toEqual({
      method: 'واریز بانکی (کارت به کارت / حواله)',
      reference: '778899001',
      referenceLabel: 'کد پیگیری رسید',
    });
    expect(view.store.website).toBe('https://shop.qateh.example');
  });

  it.skipIf(!hasPoppler)('reads back with every detail, and numbers the pages of a long invoice', async () => {
    const order = await companyOrderPaidByTransfer(40);
    const file = join(dir, 'long.pdf');
    writeFileSync(file, await renderInvoicePdf((await loadInvoiceView(database.db, order.id, config))!));
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
    expect(pages).toBeGreaterThan(1);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/[\u202a-\u202e\u200e\u200f]/g, '');
    for (const expected of [
      'شرکت',
      'الکترونیک',
      'نمونه',
      'شناسه',
      toFa('10380284790'),
      'اقتصادی',
      toFa('411111111111'),
      'تحویل',
      'رضا',
      'کریمی',
      'استان',
      'اصفهان',
      'کاشان',
      'امیرکبیر',
      toFa('8715678901'),
      'واریز',
      'بانکی',
      'پیگیری',
      toFa('778899001'),
      'قطعه',
      'support@qateh.example',
      'https://shop.qateh.example',
      'PN-1000',
      'PN-1039',
      toFa(order.factorNumber.replace(/\D/g, '')),
      order.trackingCode,
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Each page says which it is, of how many.
    const perPage = text.split('\f').filter((p) => p.trim());
    expect(perPage).toHaveLength(pages);
    perPage.forEach((pageText, i) => {
      expect(pageText, `page ${i + 1}`).toContain('صفحه');
      expect(pageText, `page ${i + 1}`).toMatch(
        new RegExp(`${toFa(i + 1)}[\\s\\S]*از[\\s\\S]*${toFa(pages)}|${toFa(pages)}[\\s\\S]*از[\\s\\S]*${toFa(i + 1)}`),
      );
      expect(pageText).toContain('https://shop.qateh.example');
    });
  });
});
