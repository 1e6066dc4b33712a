/**
 * How often customers racing for the last unit are all charged: each try gives N customers a confirmed
 * pre-invoice for a product with one unit left, they pay at the ZarinPal sandbox and come back to the
 * shop at the same moment. Counts success pages, paid orders, payments verified (by the shop's records
 * and by the sandbox's inquiry) and the stock left.
 *
 *   node --import tsx scripts/bench/payment-race.ts [tries=20] [buyers=2]
 *   DATABASE_URL=postgres://… node --import tsx scripts/bench/payment-race.ts 10 2
 */
import { raceForLastUnit } from '../../tests/support/payment-race';
import { startTestServer } from '../../tests/support/server';

const tries = Number(process.argv[2] ?? 20);
const buyers = Number(process.argv[3] ?? 2);

const server = await startTestServer();
let oversold = 0;
let doubleSuccess = 0;
let moneyForNothing = 0;
let successPages = 0;
let verified = 0;
try {
  for (let i = 0; i < tries; i++) {
    const r = await raceForLastUnit(server, buyers, 20 + i);
    const charged = r.verifiedAtBank ?? r.paymentsSucceeded;
    successPages += r.successPages;
    verified += charged;
    if (r.successPages > 1) doubleSuccess++;
    if (charged > 1) moneyForNothing++;
    if (r.ordersPaid > 1 || r.stockAfter < 0) oversold++;
    console.log(
      `try ${i + 1}: success pages ${r.successPages}/${buyers}, orders paid ${r.ordersPaid}, payments SUCCEED ${r.paymentsSucceeded}, verified at bank ${r.verifiedAtBank ?? 'n/a'}, stock ${r.stockAfter}`,
    );
  }
} finally {
  await server.stop();
}
console.log(`\n${server.deps.database.kind}, ${tries} tries of ${buyers} buyers for the last unit:`);
console.log(`  tries with more than one success page:          ${doubleSuccess} of ${tries}`);
console.log(`  tries where more than one payment was verified: ${moneyForNothing} of ${tries}`);
console.log(`  tries with more than one order paid or stock < 0: ${oversold} of ${tries}`);
console.log(`  success pages ${successPages}, payments verified ${verified} (one unit per try: ${tries} is right)`);
