/**
 * Correcting a parts list on its result page, over the real server and the shared catalogue: a line's
 * part text or quantity changed and matched again, lines added and deleted, a pasted list, spare parts
 * (percent and +N), the shortfall status, the export with designators (CSV and XLSX), another sheet,
 * and a column mapping remembered for the same customer's next file with the same headers.
 */
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDIT_MESSAGES } from '../src/server/services/bom/edit-upload';
import { startTestServer, type TestServer } from './support/server';
import { bearer, json, newCustomer, type Customer } from './support/shop';

let server: TestServer;
let ana: Customer;
let bob: Customer;

beforeAll(async () => {
  server = await startTestServer();
  [ana, bob] = [await newCustomer(server, 'ana'), await newCustomer(server, 'bob')];
}, 300_000);
afterAll(async () => {
  await server?.stop();
});

const post = (path: string, body: unknown, who: Customer) => server.api(path, json('POST', body, bearer(who.token)));

async function uploadFile(name: string, bytes: Uint8Array | string, who: Customer, boardQty = '1') {
  const form = new FormData();
  form.append('newFile', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
  form.append('boardQty', boardQty);
  const res = await server.api('/SaveCustomerFile', { method: 'POST', body: form, headers: bearer(who.token) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function view(key: string, who: Customer) {
  const res = await server.api(`/customerExcelUpload?identityKey=${key}&limit=100`, { headers: bearer(who.token) });
  expect(res.status).toBe(200);
  return res.body;
}
const byPart = (v: any, part: string) => v.items.find((l: any) => l.partNumber === part);

function workbook(sheets: Record<string, (string | number | null)[][]>): Uint8Array {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
  return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}

describe('editing the lines of a pasted list', () => {
  it('pastes, changes part text and quantity, adds and deletes lines, each matched again', async () => {
    const pasted = await post('/SaveCustomerList', { text: 'LM358P 2 U1 U2\nNE555P x1\n10k 0805 50\n', boardQty: 3 }, ana);
    expect(pasted.status, JSON.stringify(pasted.body)).toBe(200);
    expect(pasted.body).toMatchObject({ lines: 3, boardQuantity: 3, fileName: 'pasted-list.txt' });
    const key = pasted.body.identityKey as string;
    let v = await view(key, ana);
    expect(v.canEdit).toBe(true);
    expect(v.items.map((l: any) => [l.lineNo, l.partNumber, l.quantityPerBoard, l.quantity])).toEqual([
      [1, 'LM358P', 2, 6],
      [2, 'NE555P', 1, 3],
      [3, '10k 0805', 50, 150],
    ]);
    expect(byPart(v, 'LM358P')).toMatchObject({ designators: 'U1 U2', status: 'exact', product: { partNumber: 'LM358P' }, selected: true });

    // A new part text is matched again; the line keeps its place and quantity.
    const ne = byPart(v, 'NE555P');
    const edited = await post('/customerExcelUpload/line', { identityKey: key, lineId: ne.id, text: 'LM317T' }, ana);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({
      lineNo: 2,
      partNumber: 'LM317T',
      quantityPerBoard: 1,
      quantity: 3,
      status: 'exact',
      product: { partNumber: 'LM317T' },
    });
    // A typed count in the text wins over the old quantity ("TL431 x4").
    const typedCount = await post('/customerExcelUpload/line', { identityKey: key, lineId: ne.id, text: 'LM317T x4' }, ana);
    expect(typedCount.body).toMatchObject({ partNumber: 'LM317T', quantityPerBoard: 4, quantity: 12 });
    // Only the quantity.
    const lm = byPart(v, 'LM358P');
    const qty = await post('/customerExcelUpload/line', { identityKey: key, lineId: lm.id, quantity: 5 }, ana);
    expect(qty.body).toMatchObject({ partNumber: 'LM358P', quantityPerBoard: 5, quantity: 15, product: { partNumber: 'LM358P' } });
    // A text that names no part is refused in Persian; nothing changes.
    const empty = await post('/customerExcelUpload/line', { identityKey: key, lineId: lm.id, text: '۲۰ عدد' }, ana);
    expect(empty.status).toBe(422);
    expect(empty.body.data.errors.text).toEqual([EDIT_MESSAGES.noPart]);

    // Added after the last row, read like a typed line.
    const added = await post('/customerExcelUpload/line/add', { identityKey: key, text: '2x AMS1117-3.3' }, ana);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toMatchObject({
      lineNo: 4,
      partNumber: 'AMS1117-3.3',
      quantityPerBoard: 2,
      quantity: 6,
      product: { slug: 'ams1117-3-3-sot223' },
    });
    v = await view(key, ana);
    expect(v.items.map((l: any) => l.lineNo)).toEqual([1, 2, 3, 4]);
    expect(v.totals.lines).toBe(4);

    // Deleted; the others keep their file row numbers.
    expect((await post('/customerExcelUpload/line/delete', { identityKey: key, lineId: byPart(v, 'LM317T').id }, ana)).status).toBe(200);
    v = await view(key, ana);
    expect(v.items.map((l: any) => [l.lineNo, l.partNumber])).toEqual([
      [1, 'LM358P'],
      [3, '10k 0805'],
      [4, 'AMS1117-3.3'],
    ]);

    // Someone else cannot change it; the last line cannot be deleted.
    expect((await post('/customerExcelUpload/line', { identityKey: key, lineId: lm.id, quantity: 9 }, bob)).status).toBe(404);
    for (const line of v.items.slice(1)) await post('/customerExcelUpload/line/delete', { identityKey: key, lineId: line.id }, ana);
    const last = await post('/customerExcelUpload/line/delete', { identityKey: key, lineId: lm.id }, ana);
    expect(last.status).toBe(422);
    expect(last.body.data.errors.lineId).toEqual([EDIT_MESSAGES.lastLine]);
    expect((await view(key, ana)).items.map((l: any) => l.partNumber)).toEqual(['LM358P']);
  });
});

describe('spare parts, shortfall and the export', () => {
  it('adds a percentage (rounded up) and +N to every line, flags a shortfall, exports designators in CSV and XLSX', async () => {
    const saved = await uploadFile(
      'board.csv',
      'Designator,Quantity,Part\n"R1, R2, R3, R4, R5",5,RC0603FR-0710KL\nU1,1,LM358P\n',
      ana,
      '2',
    );
    const key = saved.identityKey as string;
    let v = await view(key, ana);
    expect(byPart(v, 'RC0603FR-0710KL')).toMatchObject({ quantity: 10, neededWithSpare: 10, designators: 'R1, R2, R3, R4, R5' });

    expect((await post('/customerExcelUpload/spare', { identityKey: key, percent: 10, extra: 0 }, ana)).status).toBe(200);
    v = await view(key, ana);
    expect(v.spare).toEqual({ percent: 10, extra: 0 });
    expect(byPart(v, 'RC0603FR-0710KL').neededWithSpare).toBe(11);
    expect(byPart(v, 'LM358P').neededWithSpare).toBe(3); // 2 × 1.1 = 2.2, rounded up
    expect((await post('/customerExcelUpload/spare', { identityKey: key, percent: 0, extra: 2 }, ana)).status).toBe(200);
    v = await view(key, ana);
    expect(byPart(v, 'RC0603FR-0710KL').neededWithSpare).toBe(12);
    expect(byPart(v, 'LM358P').neededWithSpare).toBe(4);
    expect(byPart(v, 'LM358P').orderQuantity).toBeGreaterThanOrEqual(4);
    const badSpare = await post('/customerExcelUpload/spare', { identityKey: key, percent: 150, extra: 0 }, ana);
    expect(badSpare.status).toBe(422);
    expect((await post('/customerExcelUpload/spare', { identityKey: key, percent: 5, extra: 1 }, bob)).status).toBe(404);

    // More than the store holds: a shortfall on the line and in the totals, with the stock in the note.
    expect(byPart(v, 'LM358P').shortfall).toBe(false);
    expect(v.totals.shortfall).toBe(0);
    const lm = byPart(v, 'LM358P');
    await post('/customerExcelUpload/line', { identityKey: key, lineId: lm.id, quantity: 900_000 }, ana);
    v = await view(key, ana);
    expect(byPart(v, 'LM358P').shortfall).toBe(true);
    expect(byPart(v, 'LM358P').notes.join(' ')).toMatch(/کمتر از تعداد لازم/);
    expect(v.totals.shortfall).toBe(1);

    // The export: one row per line with its file row, designators and what is needed with spares.
    const csv = await fetch(`${server.url}/api/site/v1/customerExcelUpload/export?identityKey=${key}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const text = (await csv.text()).replace(/^\uFEFF/, '');
    const [header, first] = text.split('\r\n');
    expect(header!.split(',').slice(0, 2)).toEqual(['ردیف فایل', 'مرجع‌ها']);
    expect(first!.startsWith('2,"R1, R2, R3, R4, R5",')).toBe(true);
    expect(first).toContain(',12,RC0603FR-0710KL,');
    const xlsx = await fetch(`${server.url}/api/site/v1/customerExcelUpload/export?identityKey=${key}&format=xlsx`);
    expect(xlsx.headers.get('content-disposition')).toMatch(/board-qateh\.xlsx/);
    const book = XLSX.read(new Uint8Array(await xlsx.arrayBuffer()), { type: 'array' });
    const rows = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[1]!.slice(0, 2)).toEqual([2, 'R1, R2, R3, R4, R5']);
    expect(rows[2]!.slice(0, 2)).toEqual([3, 'U1']);
    expect(rows[2]![7]).toBe('LM358P');
  });
});

describe('the column-mapping step', () => {
  const HEADERS = ['Pos', 'Our code', 'Supplier PN', 'Count', 'Places'];
  const file = (rows: (string | number)[][]) => [HEADERS, ...rows].map((r) => r.join(';')).join('\n');

  it("a changed mapping reads the file again and is remembered for the customer's next file with the same headers", async () => {
    const first = await uploadFile(
      'shop-a.csv',
      file([
        [1, 'A-001', 'LM358P', 2, 'U1 U2'],
        [2, 'A-002', 'NE555P', 1, 'U3'],
      ]),
      ana,
    );
    const key = first.identityKey as string;
    expect(first.read.headers).toEqual(HEADERS);
    expect(first.read.rememberedColumns).toBe(false);
    // Unknown words: the header row is named, the roles guessed from the content ("Pos" and "Count" both hold counts).
    const auto = first.read.columns;
    expect(auto.headerRow).toBe(0);

    // The customer says: the part is in "Supplier PN", places in "Places".
    const columns = { ...auto, part: 2, value: null, description: null, designators: 4, quantity: 3 };
    const reread = await post('/customerExcelUpload/columns', { identityKey: key, columns }, ana);
    expect(reread.status, JSON.stringify(reread.body)).toBe(200);
    expect(reread.body.lines).toBe(2);
    const v = await view(key, ana);
    expect(v.read.columns).toMatchObject({ part: 2, designators: 4, quantity: 3 });
    expect(v.items.map((l: any) => [l.lineNo, l.partNumber, l.designators, l.product?.partNumber ?? null])).toEqual([
      [2, 'LM358P', 'U1 U2', 'LM358P'],
      [3, 'NE555P', 'U3', 'NE555P'],
    ]);

    // Next file with the same headers (spelt with other spaces and case): read with her choice at once.
    const next = await uploadFile('shop-b.csv', file([[1, 'A-003', 'LM317T', 1, 'VR1']]).replace('Supplier PN', ' supplier pn '), ana);
    expect(next.read.rememberedColumns).toBe(true);
    expect(next.read.columns).toMatchObject({ part: 2, designators: 4, quantity: 3 });
    expect((await view(next.identityKey, ana)).items[0]).toMatchObject({ partNumber: 'LM317T', product: { partNumber: 'LM317T' } });
    // Nobody else inherits it.
    const other = await uploadFile('shop-c.csv', file([[1, 'A-003', 'LM317T', 1, 'VR1']]), bob);
    expect(other.read.rememberedColumns).toBe(false);

    // A column the file does not have, or no part column at all, is refused; the lines stay.
    const outside = await post('/customerExcelUpload/columns', { identityKey: key, columns: { ...columns, part: 9 } }, ana);
    expect(outside.status).toBe(422);
    expect(outside.body.data.errors['columns.part']).toEqual([EDIT_MESSAGES.columnOutside]);
    const none = await post('/customerExcelUpload/columns', { identityKey: key, columns: { ...columns, part: null, value: null } }, ana);
    expect(none.body.data.errors['columns.part']).toEqual([EDIT_MESSAGES.noColumn]);
    expect((await view(key, ana)).items).toHaveLength(2);
  });

  it('reads another sheet of a workbook when the customer picks it', async () => {
    const bytes = workbook({
      Cover: [
        ['Project', 'Logger rev B'],
        ['Qty', 'Part'],
        [1, 'LM358P'],
      ],
      Assembly: [
        ['Qty', 'Part Number', 'Designator'],
        [4, 'LM317T', 'VR1-VR4'],
        [2, 'NE555P', 'U5 U6'],
      ],
    });
    const saved = await uploadFile('two-sheets.xlsx', bytes, ana);
    expect(saved.read.sheetNames).toEqual(['Cover', 'Assembly']);
    const key = saved.identityKey as string;
    const picked = await post('/customerExcelUpload/columns', { identityKey: key, sheetName: 'Assembly' }, ana);
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    const v = await view(key, ana);
    expect(v.read.sheetName).toBe('Assembly');
    expect(v.items.map((l: any) => [l.lineNo, l.partNumber, l.quantityPerBoard, l.designators])).toEqual([
      [2, 'LM317T', 4, 'VR1-VR4'],
      [3, 'NE555P', 2, 'U5 U6'],
    ]);
    const missing = await post('/customerExcelUpload/columns', { identityKey: key, sheetName: 'Nope' }, ana);
    expect(missing.status).toBe(422);
    expect(missing.body.data.errors.sheetName).toEqual([EDIT_MESSAGES.noSheet]);
  });
});
