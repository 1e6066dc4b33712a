/**
 * Thousands of hostile requests over every operation of the server's own OpenAPI document (fixed seed,
 * so a failure reproduces): none may answer 5xx or drop the connection. A failure lists each
 * failing operation with the inputs that broke it. Longer runs: `npm run fuzz:api`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReport, fuzzApi } from './fuzz/api-fuzzer';
import { startFuzzSession, type FuzzSession } from './fuzz/fuzz-session';

const PER_OPERATION = 8;
let session: FuzzSession;
beforeAll(async () => {
  session = await startFuzzSession();
}, 600_000);
afterAll(async () => session?.stop());

describe('API fuzzer', () => {
  it('answers every hostile input of every operation without a 5xx', async () => {
    const report = await fuzzApi({
      origin: session.server.url,
      doc: session.doc,
      tokens: session.tokens,
      seed: 20261125,
      // Eight per operation keeps the suite inside CI's time budget; `npm run fuzz:api` goes longer.
      perOperation: PER_OPERATION,
    });
    const operations = Object.keys(report.byOperation);
    expect(operations.length).toBeGreaterThan(90);
    expect(operations).toContain('POST /api/site/v1/SaveCustomerFile');
    expect(report.sent).toBe(operations.length * PER_OPERATION);
    expect(report.failures, formatReport(report)).toEqual([]);
  }, 900_000);
});
