/**
 * Issue 20's goals over parts lists in real-world formats (tests/fixtures/bom/formats): at least 90 % of
 * lines matched to the right product (or rightly left unmatched), at least 98 % of quantities right,
 * and never a wrong part selected for the cart. The per-format rates are printed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatReport, scoreAllFormats, totals } from './support/bom-accuracy';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 400_000);
afterAll(async () => {
  await server?.stop();
});

it('reads every format: ≥ 90 % right matches, ≥ 98 % right quantities, no wrong part selected', async () => {
  const scores = await scoreAllFormats(server.api);
  const report = formatReport(scores);
  console.log(report);
  const all = totals(scores);
  expect(all.lines).toBeGreaterThanOrEqual(90);
  expect(all.matchRate, report).toBeGreaterThanOrEqual(0.9);
  expect(all.quantityRate, report).toBeGreaterThanOrEqual(0.98);
  expect(all.wrongSelected, report).toBe(0);
}, 400_000);
