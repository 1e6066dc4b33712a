/**
 * `npm run bench:bom-accuracy`: the parts-list upload's match and quantity rates per format over the
 * format fixtures (tests/fixtures/bom/formats), through the real server on a fresh in-memory database
 * with the shared catalogue; every row read wrongly is listed. Never part of `npm test`.
 */
import { formatReport, scoreAllFormats } from '../tests/support/bom-accuracy';
import { startTestServer } from '../tests/support/server';

const server = await startTestServer();
try {
  console.log(formatReport(await scoreAllFormats(server.api), !process.argv.includes('--quiet')));
} finally {
  await server.stop();
}
