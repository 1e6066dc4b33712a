/**
 * From a parts list to the cart and to the store, over the real server and the shared catalogue:
 * moveCustomerExcelUpload puts the ticked lines in the customer's cart at their order quantities
 * (raising lines already there) and says why any line stayed out; the unmatched lines go to the store
 * once as resupply requests marked with the upload. Guests, strangers and empty choices are refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerUploads, products, resupplyRequests } from '../src/server/db/schema';
import { sourcingMarker } from '../src/server/services/bom/sourcing';
import { readOutbox } from './support/outbox';
import { startTestServer, type TestServer } from './support/server';
import { bearer, json, newCustomer, type Customer } from './support/shop';

let server: TestServer;
let dataDir: string;
let alice: Customer;
let bob: Customer;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'qateh-bom-cart-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
  [alice, bob] = [await newCustomer(server, 'alice'), await newCustomer(server, 'bob')];
}, 120_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const fixture = (name: string) => readFileSync(new URL(`./fixtures/bom/${name}`, import.meta.url));

async function upload(name: string, boardQty: string, token?: string) {
  const form = new FormData();
  form.append('newFile', new Blob([new Uint8Array(fixture(name))]), name);
  form.append('boardQty', boardQty);
  const res = await server.api('/SaveCustomerFile', { method: 'POST', body: form, headers: token ? bearer(token) : {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const view = await server.api(`/customerExcelUpload?identityKey=${res.body.identityKey}&limit=100`);
  const byPart = new Map<string, any>(view.body.items.map((l: any) => [l.partNumber, l]));
  return { key: res.body.identityKey as string, byPart, guestCookie: res.headers.get('set-cookie')?.split(';')[0] ?? null };
}

const post = (path: string, body: unknown, token?: string, headers: Record<string, string> = {}) =>
  server.api(path, json('POST', body, { ...(token ? bearer(token) : {}), ...headers }));
const cartOf = async (token: string) => (await server.api('/cart', { headers: bearer(token) })).body;
const cartLine = (cart: any, partNumber: string) => cart.items.filter((i: any) => i.product.partNumber === partNumber);

describe('moveCustomerExcelUpload', () => {
  it('puts the ticked lines in the cart at their order quantities, raises a line already there, reports every line', async () => {
    const { key, byPart } = await upload('kicad-export.csv', '10', alice.token);
    // The resistor is short: 4 per board × 10 boards = 40 but only 20 in stock → "contact the store".
    await server.database.db
      .update(products)
      .set({ stock: 20 })
      .where(eq(products.id, byPart.get('RC0805JR-0710KL').product.id));
    // Alice already has 5 LM358P in her cart.
    const lm358 = byPart.get('LM358P').product.id;
    expect((await post('/cart', { product_id: lm358, cart_quantity: 5 }, alice.token)).status).toBe(200);
    // She picks another NE555 and leaves the regulator out.
    const ne555 = byPart.get('NE555');
    const ne555n = ne555.alternatives.find((p: any) => p.partNumber === 'NE555N');
    expect(
      (await post('/customerExcelUpload/select', { identityKey: key, lineId: ne555.id, productId: ne555n.id }, alice.token)).status,
    ).toBe(200);
    const untick = await post(
      '/customerExcelUpload/include',
      { identityKey: key, lineId: byPart.get('AMS1117-3.3').id, selected: false },
      alice.token,
    );
    expect(untick.status).toBe(200);
    expect(untick.body.selected).toBe(false);

    const res = await post('/moveCustomerExcelUpload', { identityKey: key }, alice.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const report = new Map<string, any>(res.body.lines.map((l: any) => [l.partNumber, l]));
    expect(report.get('LM358P')).toMatchObject({ outcome: 'added', quantity: 10 });
    const caps = byPart.get('CL10B104KB8NNNC');
    expect(report.get('CL10B104KB8NNNC')).toMatchObject({ outcome: 'added', quantity: caps.orderQuantity });
    expect(caps.orderQuantity).toBeGreaterThan(30); // raised to the minimum purchase
    expect(report.get('NE555')).toMatchObject({ outcome: 'added', productId: ne555n.id });
    // Not sold here: at most a low-confidence suggestion, never selected, so never added.
    const fpga = byPart.get('XC7Z020-1CLG400C');
    expect(fpga.selected && fpga.product !== null).toBe(false);
    expect(report.get('XC7Z020-1CLG400C')).toMatchObject({ outcome: 'skipped', reason: fpga.product ? 'not-chosen' : 'unmatched' });
    expect(report.get('AMS1117-3.3')).toMatchObject({ outcome: 'skipped', reason: 'not-chosen' });
    expect(report.get('RC0805JR-0710KL')).toMatchObject({ outcome: 'skipped', reason: 'contact-store' });
    expect(report.get('RC0805JR-0710KL').message).toMatch(/تماس/);
    expect(res.body).toMatchObject({ added: 4, skipped: 3 });
    expect(res.body.message).toMatch(/سبد خرید/);

    const cart = await cartOf(alice.token);
    expect(res.body.cart.cartCount).toBe(cart.cartCount);
    // Raised, not duplicated: 5 + 10.
    expect(cartLine(cart, 'LM358P').map((i: any) => i.quantity)).toEqual([15]);
    expect(cartLine(cart, 'CL10B104KB8NNNC').map((i: any) => i.quantity)).toEqual([caps.orderQuantity]);
    expect(cartLine(cart, 'NE555N')).toHaveLength(1);
    expect(cartLine(cart, 'NE555P')).toHaveLength(0);
    expect(cartLine(cart, 'RC0805JR-0710KL')).toHaveLength(0);
    expect(cartLine(cart, 'AMS1117-3.3')).toHaveLength(0);

    // Moving again raises the same lines once more rather than adding new ones.
    expect((await post('/moveCustomerExcelUpload', { identityKey: key, lineIds: [byPart.get('LM358P').id] }, alice.token)).status).toBe(
      200,
    );
    expect(cartLine(await cartOf(alice.token), 'LM358P').map((i: any) => i.quantity)).toEqual([25]);
  });

  it('a guest upload becomes the customer who adds it to the cart from the same browser; others are refused', async () => {
    const { key, guestCookie } = await upload('headerless.txt', '1');
    // Signed in without the browser's guest key: as if the upload did not exist.
    expect((await post('/moveCustomerExcelUpload', { identityKey: key }, alice.token)).status).toBe(404);
    expect((await post('/moveCustomerExcelUpload', { identityKey: key }, bob.token, { cookie: guestCookie! })).status).toBe(200);
    const [row] = await server.database.db.select().from(customerUploads).where(eq(customerUploads.identityKey, key));
    expect(row!.userId).not.toBeNull();
    const other = await post('/moveCustomerExcelUpload', { identityKey: key }, alice.token);
    expect(other.status).toBe(404);
    expect(other.body.message).toMatch(/پیدا نشد/);
    expect((await post('/customerExcelUpload/sourcing', { identityKey: key }, alice.token)).status).toBe(404);
  });

  it('bad input: guest 401, unknown key 404, malformed key 422, nothing chosen 422, foreign line 422', async () => {
    const { key, byPart } = await upload('kicad-export.csv', '1', alice.token);
    const guest = await post('/moveCustomerExcelUpload', { identityKey: key });
    expect(guest.status).toBe(401);
    expect((await post('/moveCustomerExcelUpload', { identityKey: 'A'.repeat(32) }, alice.token)).status).toBe(404);
    expect((await post('/moveCustomerExcelUpload', { identityKey: '../etc' }, alice.token)).status).toBe(422);
    expect((await post('/moveCustomerExcelUpload', {}, alice.token)).status).toBe(422);

    const unmatched = byPart.get('XC7Z020-1CLG400C').id;
    const none = await post('/moveCustomerExcelUpload', { identityKey: key, lineIds: [unmatched] }, alice.token);
    expect(none.status).toBe(422);
    expect(none.body.data.errors.lineIds[0]).toMatch(/انتخاب نشده/);
    expect((await post('/moveCustomerExcelUpload', { identityKey: key, lineIds: [999_999] }, alice.token)).status).toBe(422);

    for (const line of byPart.values()) {
      expect((await post('/customerExcelUpload/include', { identityKey: key, lineId: line.id, selected: false }, alice.token)).status).toBe(
        200,
      );
    }
    const before = await cartOf(alice.token);
    const nothing = await post('/moveCustomerExcelUpload', { identityKey: key }, alice.token);
    expect(nothing.status).toBe(422);
    expect(nothing.body.data.errors.identityKey[0]).toMatch(/انتخاب نشده/);
    expect((await cartOf(alice.token)).items).toEqual(before.items);
    expect((await post('/customerExcelUpload/include', { identityKey: key, lineId: 999_999, selected: true }, alice.token)).status).toBe(
      404,
    );
  });
});

describe('sourcing request for the unmatched lines', () => {
  it('writes one resupply row per unmatched part, marked with the upload, once; mails the store once', async () => {
    const { key, byPart } = await upload('kicad-export.csv', '10', alice.token);
    const [uploadRow] = await server.database.db.select().from(customerUploads).where(eq(customerUploads.identityKey, key));
    const mailsBefore = readOutbox(dataDir).length;

    const first = await post('/customerExcelUpload/sourcing', { identityKey: key, description: 'تا آخر ماه لازم داريم' }, alice.token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ created: true, lines: [{ partNumber: 'XC7Z020-1CLG400C', quantity: 10 }] });
    expect(first.body.message).toMatch(/موفقیت/);
    const rows = await server.database.db
      .select()
      .from(resupplyRequests)
      .where(like(resupplyRequests.description, `${sourcingMarker(uploadRow!.id)}%`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      productName: 'XC7Z020-1CLG400C',
      number: 10,
      email: `${alice.username}@example.com`,
      status: 'open',
      productId: null,
    });
    expect(rows[0]!.description).toContain('kicad-export.csv');
    expect(rows[0]!.description).toContain('تا آخر ماه لازم داریم'); // Arabic ي folded to Persian ی
    expect(readOutbox(dataDir).length).toBe(mailsBefore + 1);

    const again = await post('/customerExcelUpload/sourcing', { identityKey: key }, alice.token);
    expect(again.status).toBe(200);
    expect(again.body.created).toBe(false);
    expect(again.body.message).toMatch(/قبلاً/);
    expect(
      await server.database.db
        .select()
        .from(resupplyRequests)
        .where(like(resupplyRequests.description, `${sourcingMarker(uploadRow!.id)}%`)),
    ).toHaveLength(1);
    expect(readOutbox(dataDir).length).toBe(mailsBefore + 1);
    expect(byPart.size).toBeGreaterThan(1);
  });

  it('bad input: guest 401, other customer 404, unknown key 404, nothing unmatched 422', async () => {
    const { key } = await upload('kicad-export.csv', '1', alice.token);
    expect((await post('/customerExcelUpload/sourcing', { identityKey: key })).status).toBe(401);
    expect((await post('/customerExcelUpload/sourcing', { identityKey: key }, bob.token)).status).toBe(404);
    expect((await post('/customerExcelUpload/sourcing', { identityKey: 'B'.repeat(40) }, alice.token)).status).toBe(404);
    expect((await post('/customerExcelUpload/sourcing', { identityKey: key, description: 'x'.repeat(1001) }, alice.token)).status).toBe(
      422,
    );

    const matchedOnly = await upload('headerless.txt', '1', alice.token);
    const none = await post('/customerExcelUpload/sourcing', { identityKey: matchedOnly.key }, alice.token);
    expect(none.status).toBe(422);
    expect(none.body.data.errors.identityKey[0]).toMatch(/پیدانشده‌ای/);
  });
});

describe("the customer's own uploads", () => {
  it('lists what the customer uploaded (newest first) with line counts; nobody else sees them; guests 401', async () => {
    const older = await upload('headerless.txt', '1', alice.token);
    const newer = await upload('kicad-export.csv', '2', alice.token);
    const mine = await server.api('/dashboard/customerUploads', { headers: bearer(alice.token) });
    expect(mine.status).toBe(200);
    const keys = mine.body.items.map((i: any) => i.identityKey);
    expect(keys.indexOf(newer.key)).toBeLessThan(keys.indexOf(older.key));
    expect(mine.body.items.find((i: any) => i.identityKey === newer.key)).toMatchObject({
      fileName: 'kicad-export.csv',
      boardQuantity: 2,
      lines: 7,
      unmatched: 1,
      route: `/shop/customer/excel/${newer.key}`,
    });
    const theirs = await server.api('/dashboard/customerUploads', { headers: bearer(bob.token) });
    expect(theirs.body.items.map((i: any) => i.identityKey)).not.toContain(newer.key);
    expect((await server.api('/dashboard/customerUploads')).status).toBe(401);
  });
});
