/**
 * `npm run fuzz:api [-- --per-operation 300 --seed 7]`: the API fuzzer (tests/security/fuzz/) against
 * the real server over a fresh database — in-memory PGlite, or a throw-away database on the
 * DATABASE_URL server — with many more inputs per operation than the test sends. Prints every
 * operation that answered 5xx (or not at all) with the inputs; exits 1 when there was any.
 */
import { parseArgs } from 'node:util';
import { formatReport, fuzzApi } from '../tests/security/fuzz/api-fuzzer';
import { startFuzzSession } from '../tests/security/fuzz/fuzz-session';

const { values } = parseArgs({
  options: {
    'per-operation': { type: 'string', default: '200' },
    seed: { type: 'string', default: '20261125' },
    concurrency: { type: 'string', default: '4' },
  },
});
const session = await startFuzzSession();
const started = Date.now();
try {
  const report = await fuzzApi({
    origin: session.server.url,
    doc: session.doc,
    tokens: session.tokens,
    seed: Number(values.seed),
    perOperation: Number(values['per-operation']),
    concurrency: Number(values.concurrency),
    onOperation: (op, sent, failures) => {
      if (failures) console.log(`${op}: ${failures} of ${sent} failed`);
    },
  });
  console.log(formatReport(report, 5));
  console.log(`database: ${session.server.database.kind}, seed ${values.seed}, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  process.exitCode = report.failures.length ? 1 : 0;
} finally {
  await session.stop();
}
