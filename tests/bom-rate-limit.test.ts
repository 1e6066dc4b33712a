/**
 * The per-address limit on parts-list uploads: past BOM_UPLOAD_RATE_LIMIT in the window the answer is
 * 429 with Retry-After and a Persian message, and the file is not read (no upload is saved). Behind a
 * trusted proxy the address is the X-Forwarded-For one, so one shopper's uploads do not block another's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerUploads } from '../src/server/db/schema';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    catalogue: false,
    env: { BOM_UPLOAD_RATE_LIMIT: '2', BOM_UPLOAD_RATE_WINDOW_SECONDS: '600', TRUST_PROXY: '1' },
  });
}, 300_000);
afterAll(async () => {
  await server?.stop();
});

const partsList = 'Part Number,Qty\nLM358P,2\nNE555P,1\n';

function upload(address: string) {
  const form = new FormData();
  form.append('newFile', new Blob([partsList], { type: 'text/csv' }), 'parts.csv');
  return server.api('/SaveCustomerFile', { method: 'POST', body: form, headers: { 'x-forwarded-for': `10.0.0.1, ${address}` } });
}

const savedUploads = async () => (await server.database.db.select({ id: customerUploads.id }).from(customerUploads)).length;

describe('parts-list upload rate limit', () => {
  it('refuses the third upload from one address with 429, Retry-After and a Persian message, without reading it', async () => {
    for (let i = 0; i < 2; i++) expect((await upload('203.0.113.7')).status).toBe(200);
    expect(await savedUploads()).toBe(2);

    const refused = await upload('203.0.113.7');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(refused.body.status).toBe(429);
    expect(refused.body.message).toMatch(/فایل‌های زیادی/);
    expect(refused.body.message).toMatch(/[۱-۹][۰-۹]* دقیقه دیگر/);
    expect(await savedUploads()).toBe(2);

    // Another shopper behind the same proxy still gets through; reading results is not limited.
    const other = await upload('198.51.100.20');
    expect(other.status).toBe(200);
    expect((await server.api(`/customerExcelUpload?identityKey=${other.body.identityKey}`)).status).toBe(200);
    expect(await savedUploads()).toBe(3);
  });
});
