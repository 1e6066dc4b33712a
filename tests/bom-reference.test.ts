/**
 * A parts list's designators and customer references travel with the goods: from the result page into
 * the cart line, where the customer may change them, onto the enquiry's lines that the store sees, the
 * pre-invoice in the account and the paid invoice's PDF. Real server, real database, the shared catalogue.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedCaptcha } from './support/captcha';
import { startTestServer, type TestServer } from './support/server';
import { bearer, json, newCustomer, staffToken, type Customer } from './support/shop';

const hasPoppler = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let server: TestServer;
let dir: string;
let staff: string;
let ana: Customer;
let bob: Customer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'qateh-bom-ref-'));
  server = await startTestServer({ env: { DATA_DIR: dir } });
  staff = await staffToken(server);
  [ana, bob] = [await newCustomer(server, 'ana'), await newCustomer(server, 'bob')];
}, 300_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const as = (c: Customer | string) => bearer(typeof c === 'string' ? c : c.token);
const post = (path: string, body: unknown, who: Customer | string) => server.api(path, json('POST', body, as(who)));

async function uploadText(name: string, text: string, who: Customer) {
  const form = new FormData();
  form.append('newFile', new Blob([text]), name);
  const res = await server.api('/SaveCustomerFile', { method: 'POST', body: form, headers: as(who) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.identityKey as string;
}

describe('designators and references from a parts list to the invoice', () => {
  it('carries them into the cart, lets the customer change them, onto the order, staff view, account and invoice PDF', async () => {
    // A Digi-Key-style cart export: its "Customer Reference" column and a designator column.
    const key = await uploadText(
      'refs.csv',
      [
        'Quantity,Manufacturer Part Number,Manufacturer,Customer Reference,Designator',
        '2,LM358P,Texas Instruments,OPAMP-A,"U1, U2"',
        '1,NE555P,Texas Instruments,,U3',
        '1,LM317T,STMicroelectronics,PSU,',
      ].join('\n'),
      ana,
    );
    const moved = await post('/moveCustomerExcelUpload', { identityKey: key }, ana);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const refOf = (cart: any, pn: string) => cart.items.find((i: any) => i.product.partNumber === pn)?.reference;
    expect(moved.body.added).toBe(3);
    expect(refOf(moved.body.cart, 'LM358P')).toBe('OPAMP-A · U1, U2');
    expect(refOf(moved.body.cart, 'NE555P')).toBe('U3');
    expect(refOf(moved.body.cart, 'LM317T')).toBe('PSU');

    // The same product from a second list joins the line and its reference.
    const second = await uploadText('more.txt', 'LM358P 2 U7 U8\n', ana);
    expect((await post('/moveCustomerExcelUpload', { identityKey: second }, ana)).status).toBe(200);
    const cart = (await server.api('/cart', { headers: as(ana) })).body;
    expect(refOf(cart, 'LM358P')).toBe('OPAMP-A · U1, U2; U7 U8');

    // The customer changes a reference in the cart, clears another; nobody else can touch the lines.
    const lm317 = cart.items.find((i: any) => i.product.partNumber === 'LM317T');
    const ne555 = cart.items.find((i: any) => i.product.partNumber === 'NE555P');
    const set = await post('/cart/reference', { id: lm317.id, reference: '  برد  تغذیه  VR1 ' }, ana);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(refOf(set.body, 'LM317T')).toBe('برد تغذیه VR1');
    expect(refOf((await post('/cart/reference', { id: ne555.id, reference: '' }, ana)).body, 'NE555P')).toBeNull();
    const foreign = await post('/cart/reference', { id: lm317.id, reference: 'x' }, bob);
    expect(foreign.status).toBe(422);
    expect(foreign.body.message).toBe('این ردیف در سبد خرید شما نیست.');
    const long = await post('/cart/reference', { id: lm317.id, reference: 'R'.repeat(301) }, ana);
    expect(long.status).toBe(422);
    expect(long.body.data.errors.reference[0]).toMatch(/۳۰۰/);
    expect((await server.api('/cart/reference', json('POST', { id: lm317.id, reference: 'x' }))).status).toBe(401);
    expect(refOf((await server.api('/cart', { headers: as(ana) })).body, 'LM317T')).toBe('برد تغذیه VR1');

    // The enquiry's lines keep them; the store sees them; the account shows them.
    const order = await post('/order', { address_id: ana.addressId, shipping_method: 'post' }, ana);
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const { id, factorNumber } = order.body.data;
    const staffView = await server.api(`/staff/orders/${id}`, { headers: as(staff) });
    const refs = (lines: any[]) => Object.fromEntries(lines.map((l) => [l.product.partNumber, l.reference]));
    expect(refs(staffView.body.data.lines)).toEqual({ LM358P: 'OPAMP-A · U1, U2; U7 U8', NE555P: null, LM317T: 'برد تغذیه VR1' });
    const lines = staffView.body.data.lines.map((l: any) => ({ id: l.id, quantity: l.quantity, unitPrice: l.unitPrice, available: true }));
    expect((await server.api(`/staff/orders/${id}/confirm`, json('POST', { lines }, as(staff)))).status).toBe(200);
    const mine = await server.api(`/dashboard/factor/detail/${factorNumber}`, { headers: as(ana) });
    expect(refs(mine.body.data.lines)).toEqual({ LM358P: 'OPAMP-A · U1, U2; U7 U8', NE555P: null, LM317T: 'برد تغذیه VR1' });

    // Paid by bank transfer, the invoice PDF prints them under the part numbers.
    const receipt = await server.api(
      '/paymentBank/create',
      json('POST', {
        name: 'مشتری',
        payment_date: '2025-01-05T10:00:00Z',
        price: mine.body.data.total,
        factor_number: factorNumber,
        tracking_code: '123456',
        account_number: '0101234567',
        captcha: await solvedCaptcha(server),
      }),
    );
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(201);
    const pending = await server.api('/staff/receipts?status=pending', { headers: as(staff) });
    const receiptId = pending.body.data.find((r: any) => r.factorNumber === factorNumber).id;
    expect((await server.api(`/staff/receipts/${receiptId}/accept`, json('POST', undefined, as(staff)))).status).toBe(200);
    const pdf = await fetch(`${server.url}/api/site/v1/dashboard/factor/download/${factorNumber}`, { headers: as(ana) });
    expect(pdf.status).toBe(200);
    if (hasPoppler) {
      const file = join(dir, 'invoice.pdf');
      writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(
        /[\u202a-\u202e\u200e\u200f]/g,
        '',
      );
      for (const expected of ['مرجع', 'OPAMP-A', 'U7', 'U8', 'VR1', 'تغذیه']) expect(text, expected).toContain(expected);
      expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    }
  });
});
