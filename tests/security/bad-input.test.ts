/**
 * Bad input answers 4xx with a Persian message, never 500, and changes nothing: a NUL byte in a text
 * field, query or path (PostgreSQL refuses U+0000 in text), malformed multipart and JSON bodies,
 * deeply nested JSON, ids past PostgreSQL's integer range. One bad search never costs the search log
 * the rest of its batch.
 */
import { sql } from 'drizzle-orm';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_MESSAGE } from '../../src/lib/storable-text';
import { searchLog, users } from '../../src/server/db/schema';
import { startTestServer, type TestServer } from '../support/server';
import { bearer, json, staffToken } from '../support/shop';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ catalogue: false });
}, 300_000);
afterAll(async () => server?.stop());

const persian = /[\u0600-\u06FF]/;
const signUp = (over: Record<string, unknown>) => ({
  name: 'علی',
  mobile: '09121234567',
  username: 'nul1',
  email: 'nul1@example.com',
  password: 'secret-pass-1',
  password_confirmation: 'secret-pass-1',
  ...over,
});
const userCount = async () => (await server.database.db.select({ id: users.id }).from(users)).length;

describe('NUL bytes', () => {
  it('refuses a NUL in a JSON text field with 422 naming the field, and stores nothing', async () => {
    const before = await userCount();
    const res = await server.api('/register', json('POST', signUp({ name: 'ali\u0000' })));
    expect(res.status).toBe(422);
    expect(res.body.data.errors.name).toEqual([NUL_MESSAGE]);
    expect(await userCount()).toBe(before);
  });

  it('refuses a NUL in a form field, a query and a path', async () => {
    const form = await server.api('/newsletters', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%00@example.com',
    });
    expect(form.status).toBe(422);
    expect(form.body.data.errors.email).toEqual([NUL_MESSAGE]);
    const query = await server.api('/suggestion?filter_searchPart=lm%00358');
    expect(query.status).toBe(422);
    expect(query.body.data.errors.filter_searchPart).toEqual([NUL_MESSAGE]);
    const path = await server.api('/get/products/lm358%00');
    expect(path.status).toBe(422);
    expect(path.body.message).toMatch(persian);
  });
});

describe('malformed bodies', () => {
  it.each([
    ['multipart without a boundary', 'multipart/form-data', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c\r\n--x--'],
    ['multipart cut short', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\n'],
    ['junk under a multipart type', 'multipart/form-data; boundary=x', 'garbage\u0000garbage'],
  ])('%s → 400 with a Persian message', async (_name, type, body) => {
    for (const path of ['/newsletters', '/register', '/contact-us']) {
      const res = await server.api(path, { method: 'POST', headers: { 'content-type': type }, body });
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.message).toMatch(persian);
    }
  });

  it('answers JSON nested 100,000 levels deep with a 4xx', async () => {
    const depth = 100_000;
    const res = await server.api('/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('finds nothing for an id past PostgreSQL integer range instead of failing', async () => {
    const staff = await staffToken(server);
    for (const id of ['2147483648', '4294967296', '9007199254740991']) {
      const res = await server.api(`/staff/orders/${id}`, { headers: bearer(staff) });
      expect(res.status, id).toBe(422);
      expect(res.body.message).toMatch(persian);
    }
  });
});

describe('parts-list files with NUL', () => {
  const upload = (content: BlobPart, name: string) => {
    const form = new FormData();
    form.append('newFile', new Blob([content]), name);
    return server.api('/SaveCustomerFile', { method: 'POST', body: form });
  };

  it('reads a spreadsheet whose cells carry NUL (the _x0000_ escape), storing them without', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['Part Number', 'Qty'],
        ['LM\u0000358P', 2],
        ['NE555P\u0000', 1],
      ]),
      'BOM\u0000',
    );
    const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const res = await upload(new Uint8Array(bytes), 'parts\u0000.xlsx');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.lines).toBe(2);
    expect(res.body.fileName).not.toContain('\u0000');
    const view = await server.api(`/customerExcelUpload?identityKey=${res.body.identityKey}`);
    expect(view.status).toBe(200);
    expect(JSON.stringify(view.body)).toContain('LM358P');
  });

  it('refuses a text file with NUL bytes as unreadable (422), not with a 500', async () => {
    const res = await upload('Part Number,Qty\nLM\u0000358P,2\n', 'parts.csv');
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(persian);
  });
});

describe('search log', () => {
  it('keeps the good searches of a batch the database refuses one row of', async () => {
    const { searchLog: logger } = server.deps;
    const marker = `batch-${Date.now()}`;
    logger.record({ query: `${marker}-a`, categorySlug: null, resultsCount: 3, source: 'suggestion' });
    // A count past PostgreSQL's integer range: the database refuses this row (and, in one insert, the batch).
    logger.record({ query: `${marker}-bad`, categorySlug: null, resultsCount: 2 ** 40, source: 'suggestion' });
    logger.record({ query: `${marker}-b\u0000c`, categorySlug: 'x\u0000', resultsCount: 0, source: 'listing' });
    await logger.flush();
    const rows = await server.database.db
      .select({ query: searchLog.query, slug: searchLog.categorySlug })
      .from(searchLog)
      .where(sql`${searchLog.query} like ${`${marker}%`}`)
      .orderBy(searchLog.id);
    expect(rows).toEqual([
      { query: `${marker}-a`, slug: null },
      { query: `${marker}-bc`, slug: 'x' },
    ]);
  });
});
