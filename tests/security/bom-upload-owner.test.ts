/**
 * Issue 16: only the owner changes a parts-list upload — a signed-in customer's upload only that
 * customer, a guest's upload only the browser holding the guest key set with it. Anyone else who has
 * the result address (another customer, another guest) gets 404 on every change and nothing changes.
 * And a parts list's export never hands back a cell that a spreadsheet would run as a formula.
 */
import { eq } from 'drizzle-orm';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerUploadLines, customerUploads } from '../../src/server/db/schema';
import { startTestServer, type TestServer } from '../support/server';
import { bearer, newCustomer, type Customer } from '../support/shop';

let server: TestServer;
let alice: Customer;
let bob: Customer;
beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = [await newCustomer(server, 'alice'), await newCustomer(server, 'bob')];
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

const CSV = 'MPN,Qty,Designator\nNE555,2,"U1,U2"\nLM358P,1,U3\nXC7Z020-1CLG400C,1,U4\n';

async function upload(headers: Record<string, string> = {}) {
  const form = new FormData();
  form.append('newFile', new Blob([CSV]), 'board.csv');
  const res = await server.api('/SaveCustomerFile', { method: 'POST', body: form, headers });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { key: res.body.identityKey as string, cookie: res.headers.get('set-cookie')?.split(';')[0] ?? null };
}

const post = (path: string, body: unknown, headers: Record<string, string>) =>
  server.api(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** Everything stored about an upload: compared before and after the refused attempts. */
async function snapshot(key: string) {
  const db = server.database.db;
  const [upload] = await db.select().from(customerUploads).where(eq(customerUploads.identityKey, key));
  const lines = await db
    .select()
    .from(customerUploadLines)
    .where(eq(customerUploadLines.uploadId, upload!.id))
    .orderBy(customerUploadLines.id);
  return { upload, lines };
}

/** Every call that changes an upload, as a stranger would send them with the leaked address. */
async function everyChange(key: string, headers: Record<string, string>) {
  const view = await server.api(`/customerExcelUpload?identityKey=${key}&limit=100`);
  const line = view.body.items.find((l: any) => l.partNumber === 'NE555');
  const alternative = line.alternatives[0].id;
  return [
    await post('/customerExcelUpload/select', { identityKey: key, lineId: line.id, productId: alternative }, headers),
    await post('/customerExcelUpload/include', { identityKey: key, lineId: line.id, selected: false }, headers),
    await post('/customerExcelUpload/line', { identityKey: key, lineId: line.id, text: 'LM358 x10' }, headers),
    await post('/customerExcelUpload/line', { identityKey: key, lineId: line.id, quantity: 99 }, headers),
    await post('/customerExcelUpload/line/add', { identityKey: key, text: '2x AMS1117-3.3' }, headers),
    await post('/customerExcelUpload/line/delete', { identityKey: key, lineId: line.id }, headers),
    await post(
      '/customerExcelUpload/columns',
      {
        identityKey: key,
        columns: {
          headerRow: 0,
          part: 0,
          maker: null,
          value: null,
          quantity: null,
          designators: null,
          reference: null,
          footprint: null,
          description: null,
          dnp: null,
        },
      },
      headers,
    ),
    await post('/customerExcelUpload/spare', { identityKey: key, percent: 10, extra: 2 }, headers),
  ];
}

describe('only the owner changes a parts-list upload', () => {
  it("another customer gets 404 on every change to a customer's upload, and nothing changes", async () => {
    const { key } = await upload(bearer(alice.token));
    const before = await snapshot(key);
    const answers = await everyChange(key, bearer(bob.token));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 404));
    expect(answers[0]!.body.message).toMatch(/پیدا نشد/);
    // A guest (no session) is refused the same way.
    expect((await everyChange(key, {})).map((a) => a.status)).toEqual(answers.map(() => 404));
    // Cart and sourcing, signed in as Bob: 404 as well.
    expect((await post('/moveCustomerExcelUpload', { identityKey: key }, bearer(bob.token))).status).toBe(404);
    expect((await post('/customerExcelUpload/sourcing', { identityKey: key }, bearer(bob.token))).status).toBe(404);
    expect(await snapshot(key)).toEqual(before);
    // The owner's own change goes through.
    const view = await server.api(`/customerExcelUpload?identityKey=${key}&limit=100`, { headers: bearer(alice.token) });
    expect(view.body.canEdit).toBe(true);
    const own = await post(
      '/customerExcelUpload/include',
      { identityKey: key, lineId: view.body.items[0].id, selected: false },
      bearer(alice.token),
    );
    expect(own.status).toBe(200);
    expect(own.body.selected).toBe(false);
  });

  it("another guest — or the same address without the guest key — gets 404 on a guest's upload, and nothing changes", async () => {
    const { key, cookie } = await upload();
    expect(cookie).toMatch(/^qateh_bom_guest=/);
    const other = await upload();
    expect(other.cookie).not.toBe(cookie);
    const before = await snapshot(key);
    for (const headers of [{ cookie: other.cookie! }, {}, bearer(bob.token)] as Record<string, string>[]) {
      const answers = await everyChange(key, headers);
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 404));
    }
    expect((await post('/moveCustomerExcelUpload', { identityKey: key }, bearer(bob.token))).status).toBe(404);
    expect(await snapshot(key)).toEqual(before);
    const stranger = await server.api(`/customerExcelUpload?identityKey=${key}`, { headers: { cookie: other.cookie! } });
    expect(stranger.body.canEdit).toBe(false);

    // The guest's own browser may; signed in later with the same browser, so may the customer it became.
    const view = await server.api(`/customerExcelUpload?identityKey=${key}&limit=100`, { headers: { cookie: cookie! } });
    expect(view.body.canEdit).toBe(true);
    const line = view.body.items.find((l: any) => l.partNumber === 'LM358P');
    const own = await post('/customerExcelUpload/line', { identityKey: key, lineId: line.id, quantity: 7 }, { cookie: cookie! });
    expect(own.status).toBe(200);
    expect(own.body.quantityPerBoard).toBe(7);
    const moved = await post('/moveCustomerExcelUpload', { identityKey: key }, { cookie: cookie!, ...bearer(alice.token) });
    expect(moved.status).toBe(200);
  });
});

describe('exports never carry formulas', () => {
  it('cells beginning with = + - @ come back prefixed in CSV and as plain text in XLSX', async () => {
    const csv = [
      'Manufacturer Part Number,Manufacturer,Quantity,Customer Reference',
      'LM358P,"@SUM(1+1)",2,"=HYPERLINK(""http://evil.example"",""click"")"',
      'NE555P,+cmd,1,-2+3',
    ].join('\n');
    const form = new FormData();
    form.append('newFile', new Blob([csv]), 'refs.csv');
    const saved = await server.api('/SaveCustomerFile', { method: 'POST', body: form });
    expect(saved.status).toBe(200);
    const key = saved.body.identityKey;

    const res = await fetch(`${server.url}/api/site/v1/customerExcelUpload/export?identityKey=${key}&format=csv`);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const text = await res.text();
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(text).toContain("'@SUM(1+1)");
    expect(text).toContain("'+cmd");
    expect(text).toContain("'-2+3");
    for (const line of text.replace(/^\uFEFF/, '').split('\r\n')) {
      for (const cell of line.split(',')) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+@]|^-\D/);
    }

    const xlsx = await fetch(`${server.url}/api/site/v1/customerExcelUpload/export?identityKey=${key}&format=xlsx`);
    const book = XLSX.read(new Uint8Array(await xlsx.arrayBuffer()), { type: 'array', cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const cells = Object.entries(sheet)
      .filter(([k]) => !k.startsWith('!'))
      .map(([, v]) => v as XLSX.CellObject);
    expect(cells.some((c) => c.f !== undefined)).toBe(false);
    expect(cells.map((c) => String(c.v))).toContain(`'=HYPERLINK("http://evil.example","click")`);
  });
});
