/**
 * The parts-list upload over the real server and the shared catalogue: each fixture's matches, prices
 * and notes as the result page will show them, picking alternatives, paging, and every refusal.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOM_MESSAGES } from '../src/server/services/bom/bom-errors';
import { startTestServer, type TestServer } from './support/server';
import { buildZip } from './support/zip';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const fixture = (name: string) => readFileSync(new URL(`./fixtures/bom/${name}`, import.meta.url));

function upload(name: string, bytes: Uint8Array<ArrayBuffer> | Buffer, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append('newFile', new Blob([new Uint8Array(bytes)]), name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return server.api('/SaveCustomerFile', { method: 'POST', body: form });
}

async function uploadAndView(name: string, boardQty = '1') {
  const saved = await upload(name, fixture(name), { boardQty });
  expect(saved.status).toBe(200);
  const view = await server.api(`/customerExcelUpload?identityKey=${saved.body.identityKey}&limit=100`);
  expect(view.status).toBe(200);
  const byPart = new Map<string, any>(view.body.items.map((l: any) => [l.partNumber, l]));
  return { saved: saved.body, view: view.body, byPart };
}

const chosen = (line: any) => [line.status, line.product?.partNumber ?? null];

describe('fixtures against the shared catalogue', () => {
  it('KiCad CSV export for 10 boards: exact, family and unmatched lines, minimum purchase raised, totals', async () => {
    const { saved, view, byPart } = await uploadAndView('kicad-export.csv', '10');
    expect(saved.message).toMatch(/موفقیت/);
    expect(saved.route).toBe(`/shop/customer/excel/${saved.identityKey}`);
    expect(saved.identityKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(saved).toMatchObject({
      boardQuantity: 10,
      lines: 7,
      counts: { exact: 5, family: 1, fuzzy: 0, unmatched: 1 },
      skipped: [{ lineNo: 6, reason: 'dnp' }],
    });
    expect(saved.read).toMatchObject({ kind: 'text', encoding: 'utf-8', delimiter: ',' });

    expect(chosen(byPart.get('CL10B104KB8NNNC'))).toEqual(['exact', 'CL10B104KB8NNNC']);
    expect(chosen(byPart.get('LM358P'))).toEqual(['exact', 'LM358P']);
    // The footprint asks for SOIC-8: of the NE555 family, the SOIC part.
    expect(chosen(byPart.get('NE555'))).toEqual(['family', 'NE555DR']);
    expect(byPart.get('NE555').alternatives.map((p: any) => p.partNumber)).toEqual(expect.arrayContaining(['NE555N', 'NE555P']));
    expect(chosen(byPart.get('XC7Z020-1CLG400C'))).toEqual(['unmatched', null]);
    expect(byPart.get('XC7Z020-1CLG400C')).toMatchObject({ unitPrice: null, lineTotal: null, orderQuantity: null });

    // 3 capacitors × 10 boards = 30, but the store sells them from 100: raised, with a note.
    const caps = byPart.get('CL10B104KB8NNNC');
    expect(caps).toMatchObject({ quantityPerBoard: 3, quantity: 30, orderQuantity: caps.product.minimumPurchase });
    expect(caps.product.minimumPurchase).toBeGreaterThan(30);
    expect(caps.notes.join(' ')).toMatch(/حداقل خرید/);
    expect(caps.lineTotal).toBe(caps.unitPrice * caps.orderQuantity);

    // LM358P at 10 units reaches its 10–99 tier (14,500 toman), not the single-unit price.
    const opAmp = byPart.get('LM358P');
    expect(opAmp).toMatchObject({ quantity: 10, orderQuantity: 10, unitPrice: 145_000, lineTotal: 1_450_000 });

    // No Qty cell: counted from the designators, said in a note.
    expect(byPart.get('AMS1117-3.3')).toMatchObject({ quantityPerBoard: 1, quantity: 10 });
    expect(byPart.get('AMS1117-3.3').notes.join(' ')).toMatch(/مرجع/);

    const sum = view.items.reduce((s: number, l: any) => s + (l.lineTotal ?? 0), 0);
    expect(view.totals).toMatchObject({ lines: 7, exact: 5, family: 1, unmatched: 1, priced: 6, total: sum });
  });

  it('Excel with Persian headers: exact, family (in-stock part first), fuzzy typo with lower confidence, unmatched', async () => {
    const { saved, byPart } = await uploadAndView('persian-headers.xlsx');
    expect(saved.read).toMatchObject({ kind: 'xlsx', sheetName: 'قطعات' });
    expect(chosen(byPart.get('ATMEGA328P-PU'))).toEqual(['exact', 'ATmega328P-PU']);
    expect(chosen(byPart.get('STM32F103C8'))).toEqual(['family', 'STM32F103C8T6']);
    const bc547 = byPart.get('BC547');
    expect(chosen(bc547)).toEqual(['family', 'BC547BTA']);
    expect(bc547.product.availability).toBe('in-stock');
    // 5 wanted, sold from 10.
    expect(bc547).toMatchObject({ quantity: 5, orderQuantity: 10 });
    const typo = byPart.get('LM358DRR');
    expect(chosen(typo)).toEqual(['fuzzy', 'LM358DR']);
    expect(typo.confidence).toBeGreaterThan(0.3);
    expect(typo.confidence).toBeLessThan(0.6);
    expect(byPart.get('STM32F103C8').confidence).toBeGreaterThan(typo.confidence);
    expect(chosen(byPart.get('ZZTOP-9999'))).toEqual(['unmatched', null]);
    expect(byPart.get('AMS1117-3.3').quantity).toBe(3); // "۳ عدد"
  });

  it('headerless text: quantity from designators when there is none', async () => {
    const { byPart } = await uploadAndView('headerless.txt');
    // The store's IRFZ44N is a copy: the original IRFZ44NPBF is chosen instead, never silently the copy.
    expect([...byPart.values()].map(chosen)).toEqual([
      ['exact', 'LM358P'],
      ['exact', 'NE555P'],
      ['exact', '1N4007'],
      ['family', 'IRFZ44NPBF'],
    ]);
    expect(byPart.get('1N4007')).toMatchObject({ quantityPerBoard: 4, designators: 'D1 D2 D3 D4' });
  });

  it('Windows-1256 CSV', async () => {
    const { saved, byPart } = await uploadAndView('windows-1256.csv');
    expect(saved.read).toMatchObject({ encoding: 'windows-1256', delimiter: ';' });
    expect(chosen(byPart.get('CH340G'))).toEqual(['exact', 'CH340G']);
    expect(chosen(byPart.get('LM7805'))).toEqual(['family', 'LM7805CT/NOPB']);
    expect(chosen(byPart.get('ESP32-WROOM-32'))).toEqual(['exact', 'ESP32-WROOM-32']);
  });

  it('formulas: stored values used; uncalculated formulas refused with the Persian message', async () => {
    const { saved, byPart } = await uploadAndView('formulas.xlsx');
    expect(saved.read.formulaCells).toBe(2);
    expect(byPart.get('NE555P').quantityPerBoard).toBe(3);
    const refused = await upload('formulas-uncached.xlsx', fixture('formulas-uncached.xlsx'));
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(BOM_MESSAGES.formulas);
    expect(refused.body.data.errors.newFile).toEqual([BOM_MESSAGES.formulas]);
  });

  it('old .xls', async () => {
    const { byPart } = await uploadAndView('legacy.xls');
    expect(chosen(byPart.get('CH340G'))).toEqual(['exact', 'CH340G']);
  });
});

describe('result pages and picking alternatives', () => {
  it('pages the lines and keeps totals over the whole file', async () => {
    const saved = await upload('kicad-export.csv', fixture('kicad-export.csv'));
    const key = saved.body.identityKey;
    const p1 = await server.api(`/customerExcelUpload?identityKey=${key}&page=1&limit=3`);
    const p3 = await server.api(`/customerExcelUpload?identityKey=${key}&page=3&limit=3`);
    expect(p1.body).toMatchObject({ page: 1, limit: 3, total: 7, pages: 3 });
    expect(p1.body.items.map((l: any) => l.lineNo)).toEqual([2, 3, 4]);
    expect(p3.body.items.map((l: any) => l.lineNo)).toEqual([9]);
    expect(p3.body.totals).toEqual(p1.body.totals);
    const beyond = await server.api(`/customerExcelUpload?identityKey=${key}&page=9&limit=3`);
    expect(beyond.body.items).toEqual([]);
  });

  it("the customer picks an alternative; the previous choice becomes one; only that line's candidates are allowed", async () => {
    const saved = await upload('kicad-export.csv', fixture('kicad-export.csv'));
    const key = saved.body.identityKey;
    // The guest's browser keeps the cookie set with the upload; only it changes the upload.
    const guest = saved.headers.get('set-cookie')!.split(';')[0]!;
    const view = await server.api(`/customerExcelUpload?identityKey=${key}&limit=100`);
    const line = view.body.items.find((l: any) => l.partNumber === 'NE555');
    const pick = line.alternatives.find((p: any) => p.partNumber === 'NE555N');
    const json = (body: unknown) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: guest },
      body: JSON.stringify(body),
    });

    const picked = await server.api('/customerExcelUpload/select', json({ identityKey: key, lineId: line.id, productId: pick.id }));
    expect(picked.status).toBe(200);
    expect(picked.body.product.partNumber).toBe('NE555N');
    expect(picked.body.alternatives.map((p: any) => p.partNumber)).toContain('NE555P');
    const again = await server.api(`/customerExcelUpload?identityKey=${key}&limit=100`);
    expect(again.body.items.find((l: any) => l.id === line.id).product.partNumber).toBe('NE555N');

    const other = view.body.items.find((l: any) => l.partNumber === 'LM358P').product.id;
    const notAllowed = await server.api('/customerExcelUpload/select', json({ identityKey: key, lineId: line.id, productId: other }));
    expect(notAllowed.status).toBe(422);
    expect(notAllowed.body.data.errors.productId[0]).toMatch(/گزینه/);

    // Another upload's key cannot reach this line.
    const stranger = await upload('headerless.txt', fixture('headerless.txt'));
    const foreign = await server.api(
      '/customerExcelUpload/select',
      json({ identityKey: stranger.body.identityKey, lineId: line.id, productId: pick.id }),
    );
    expect(foreign.status).toBe(404);
  });

  it('unknown and malformed keys', async () => {
    const unknown = await server.api(`/customerExcelUpload?identityKey=${'x'.repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/پیدا نشد/);
    const malformed = await server.api('/customerExcelUpload?identityKey=../../etc');
    expect(malformed.status).toBe(422);
    expect(malformed.body.data.errors.identityKey).toBeDefined();
    const bad = await server.api('/customerExcelUpload/select', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identityKey: 'short', lineId: 'x' }),
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.errors).sort()).toEqual(['identityKey', 'lineId', 'productId']);
  });
});

describe('refusals', () => {
  it('no file, empty file, wrong type, not multipart', async () => {
    const none = await server.api('/SaveCustomerFile', { method: 'POST', body: new FormData() });
    expect(none.status).toBe(422);
    expect(none.body.data.errors.newFile).toEqual([BOM_MESSAGES.noFile]);
    const empty = await upload('bom.csv', new Uint8Array());
    expect(empty.status).toBe(422);
    const pdf = await upload('bom.pdf', Buffer.from('%PDF-1.4 ...'));
    expect(pdf.body).toMatchObject({ status: 422, message: BOM_MESSAGES.wrongType });
    const json = await server.api('/SaveCustomerFile', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(422);
  });

  it('board count must be a whole number from 1', async () => {
    for (const boardQty of ['0', '-2', 'abc', '2.5', '100001']) {
      const r = await upload('headerless.txt', fixture('headerless.txt'), { boardQty });
      expect(r.status, boardQty).toBe(422);
      expect(r.body.data.errors.boardQty, boardQty).toBeDefined();
    }
  });

  it('a file over the size limit gets 413 with a Persian message', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024, 'LM358P,1\n');
    const r = await upload('big.csv', big);
    expect(r.status).toBe(413);
    expect(r.body.message).toBe(BOM_MESSAGES.tooLarge);
  });

  it('hostile files: zip bomb, a million rows, garbage; the server keeps answering meanwhile', async () => {
    const pending = [
      upload('bomb.xlsx', buildZip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(100 * 1024 * 1024) }])),
      upload('million.csv', Buffer.from('A,1\n'.repeat(1_000_000))),
      upload('junk.xlsx', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(5000, 0x9c)])),
    ];
    const health = await server.api('/health');
    expect(health.status).toBe(200);
    const [bomb, million, junk] = (await Promise.all(pending)) as [
      Awaited<(typeof pending)[0]>,
      Awaited<(typeof pending)[0]>,
      Awaited<(typeof pending)[0]>,
    ];
    expect(bomb.body).toMatchObject({ status: 422, message: BOM_MESSAGES.zipBomb });
    expect(million.body).toMatchObject({ status: 422, message: BOM_MESSAGES.tooManyRows });
    expect(junk.body).toMatchObject({ status: 422, message: BOM_MESSAGES.badWorkbook });
  });

  it('a sheet with no part numbers says what to add', async () => {
    const r = await upload('notes.csv', Buffer.from('سلام\nاین فایل فقط یادداشت است\n'));
    expect(r.body).toMatchObject({ status: 422, message: BOM_MESSAGES.noParts });
  });
});
